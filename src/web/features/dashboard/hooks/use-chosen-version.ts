/**
 * The version the dashboard compares with, kept in the page's URL (`?version=<id>`): a reload or a
 * shared link shows the same compare. Null: none.
 */
import { useCallback, useState } from 'react';
import { useYearVersions } from '../api/get-versions';

const PARAM = 'version';

/** The version id of the current URL, or null (absent or not an id). */
function fromUrl(): number | null {
  const text = new URLSearchParams(window.location.search).get(PARAM);
  return text !== null && /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : null;
}

/** The chosen version and its setter, which rewrites `?version=` in place (no new history step). */
export function useChosenVersion(): [number | null, (next: number | null) => void] {
  const [version, setVersion] = useState(fromUrl);
  const choose = useCallback((next: number | null) => {
    const url = new URL(window.location.href);
    if (next === null) url.searchParams.delete(PARAM);
    else url.searchParams.set(PARAM, String(next));
    window.history.replaceState(window.history.state, '', url);
    setVersion(next);
  }, []);
  return [version, choose];
}

/**
 * The year's versions and the one the dashboards compare with: the URL's, when the year holds it
 * (a version of another year — the year changed, an old link — is not asked for), else null.
 */
export function useComparedVersion(year: number) {
  const [chosen, choose] = useChosenVersion();
  const versions = useYearVersions(year).data ?? [];
  const version = versions.some((v) => v.id === chosen) ? chosen : null;
  return { versions, version, choose };
}
