/**
 * Walks a parsed JSON value without recursion: a body nested 20,000 deep must be judged (and
 * refused with a 400), not overflow the stack (a 500). Found by the fuzz test (issue 19).
 */

/** Half of a UTF-16 surrogate pair: valid in JSON text (`"\ud800"`), refused by PostgreSQL's UTF-8 text and jsonb. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The path of the first node of `value` for which `test(node, key)` holds (`key` is the property
 * name or array index the node sits at; undefined for the root), or undefined. Depth-first, in
 * key order.
 */
export function findInJson(
  value: unknown,
  test: (node: unknown, key: string | number | undefined, parent: unknown) => boolean,
): (string | number)[] | undefined {
  interface Step {
    node: unknown;
    key: string | number | undefined;
    parent: Step | undefined;
  }
  const stack: Step[] = [{ node: value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (test(step.node, step.key, step.parent?.node)) {
      const path: (string | number)[] = [];
      for (let s: Step | undefined = step; s?.key !== undefined; s = s.parent) path.unshift(s.key);
      return path;
    }
    const { node } = step;
    if (typeof node !== 'object' || node === null) continue;
    const entries = Array.isArray(node) ? node.map((v, i) => [i, v] as const) : Object.entries(node);
    // Pushed in reverse, so that the first key is looked at first.
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ node: entries[i]![1], key: entries[i]![0], parent: step });
  }
  return undefined;
}

/** Whether `text` holds half of a surrogate pair: no text PostgreSQL can store or compare. */
export const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

/** The path of the first string or object key of `value` holding a lone surrogate, or undefined. */
export function loneSurrogatePath(value: unknown): (string | number)[] | undefined {
  return findInJson(
    value,
    (node, key) =>
      (typeof node === 'string' && hasLoneSurrogate(node)) || (typeof key === 'string' && hasLoneSurrogate(key)),
  );
}
