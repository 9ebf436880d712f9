/** Helpers shared by the cluster compiler's tests: pure, so the engine build can include it. */

/** The rules of an iptables-save text grouped by table and chain: "nat/KUBE-SERVICES" → lines. */
export function rulesByChain(saveText: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let table = '';
  for (const line of saveText.split('\n')) {
    if (line.startsWith('*')) table = line.slice(1);
    else if (line.startsWith(':')) {
      const chain = line.slice(1).split(' ')[0] ?? '';
      if (!out.has(`${table}/${chain}`)) out.set(`${table}/${chain}`, []);
    } else if (line.startsWith('-A ')) {
      const chain = line.split(' ')[1] ?? '';
      const key = `${table}/${chain}`;
      const list = out.get(key) ?? [];
      list.push(line);
      out.set(key, list);
    }
  }
  return out;
}
