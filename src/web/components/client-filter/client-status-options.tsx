import { CLIENT_STATUS_LABELS, CLIENT_STATUSES } from '@/domain/client-attributes';

/** The options of a client status select (docs/product.md#client-attributes), in order. */
export function ClientStatusOptions() {
  return CLIENT_STATUSES.map((s) => (
    <option key={s} value={s}>
      {CLIENT_STATUS_LABELS[s]}
    </option>
  ));
}
