/** The host document the form edits (docs/formats.md, the host file), read defensively from whatever the store holds. */
import type { HostDocument } from '../../engine/netfilter/infer-host.ts';
import type { FieldDiagnostic } from '../../engine/netfilter/fields.ts';

export function asHostDoc(v: unknown, fallback: HostDocument): HostDocument {
  if (typeof v !== 'object' || v === null) return fallback;
  const o = v as Partial<HostDocument>;
  return {
    interfaces: Array.isArray(o.interfaces) ? o.interfaces : [],
    routes: Array.isArray(o.routes) ? o.routes : [],
    ipForward: o.ipForward === true,
  };
}

/** `10.0.0.1/24, 10.0.0.2/24` as the list the host file wants (empty items dropped). */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The problems whose path is `path` or lies under it. */
export function problemsAt(diags: readonly FieldDiagnostic[], path: string): FieldDiagnostic[] {
  return diags.filter(
    (d) => d.path === path || d.path.startsWith(`${path}.`) || d.path.startsWith(`${path}[`),
  );
}
