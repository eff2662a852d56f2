import { ROLES, ROLE_LABELS, type Role } from '@/domain/control';

export function RoleSelect({ label, value, onChange }: { label: string; value: Role; onChange: (role: Role) => void }) {
  return (
    <select
      aria-label={label}
      className="h-9 rounded-md border bg-card px-2 text-sm"
      value={value}
      onChange={(e) => onChange(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}
