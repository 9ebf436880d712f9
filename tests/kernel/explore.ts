// Runs one kernel scenario from a JSON file and prints what the kernel traced — for learning
// kernel behaviour and for saving captures:
//   npx tsx tests/kernel/explore.ts SCENARIO.json [--raw] [--json] [--save DIR]
// --save writes each packet's monitor lines to DIR/packet-N.txt (how captures/ were made).
// SCENARIO.json: {"rules": "<iptables-save text>" | "rulesFile": "path", "packets": [KernelPacket…],
//                 "topology"?: TopologySpec, "backend"?: "nft" | "legacy"}
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runKernelScenario, type KernelScenario, type KernelStep } from './scenario.ts';

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: explore.ts SCENARIO.json [--raw] [--json]');
  process.exit(2);
}
const doc = JSON.parse(readFileSync(file, 'utf8')) as Partial<KernelScenario> & {
  rulesFile?: string;
};
const rules = doc.rules ?? readFileSync(resolve(dirname(file), doc.rulesFile ?? ''), 'utf8');
const started = Date.now();
const result = await runKernelScenario({ ...doc, rules, packets: doc.packets ?? [] });
const elapsed = Date.now() - started;

const describe = (s: KernelStep): string => {
  const p = s.packet;
  const where = p
    ? ` [in=${p.in ?? '-'} out=${p.out ?? '-'} ${p.src}:${p.sport ?? ''} > ${p.dst}:${p.dport ?? ''}${p.mark ? ` mark=0x${p.mark.toString(16)}` : ''}]`
    : '';
  const what =
    s.kind === 'policy'
      ? `policy ${s.verdict}`
      : `#${s.rule ?? '?'} ${s.ruleText ?? ''} => ${s.verdict}${s.target ? `:${s.target}` : ''}`;
  return `  ${s.hook ?? '?'} ${s.table}/${s.chain} ${what}${where}`;
};

const saveDir = flags.includes('--save') ? flags[flags.indexOf('--save') + 1] : undefined;
if (saveDir) {
  mkdirSync(saveDir, { recursive: true });
  for (const trace of result.packets)
    writeFileSync(`${saveDir}/packet-${trace.index}.txt`, `${trace.raw}\n`);
}

if (flags.includes('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else {
  for (const trace of result.packets) {
    const s = trace.sent;
    console.log(
      `packet ${trace.index}: from ${s.from} ${s.proto} ${s.src}:${s.sport ?? ''} > ${s.dst}:${s.dport ?? ''} ${s.tcpFlags ?? ''}`,
    );
    for (const run of trace.runs) {
      console.log(` run ${run.traceIds.join('+')} (${run.relation}, from ${run.origin ?? '?'})`);
      for (const step of run.steps) console.log(describe(step));
    }
    const r = trace.result;
    console.log(
      ` => ${r.fate} ${r.verdict ?? ''} out=${r.outInterface ?? '-'} ${r.packet ? `${r.packet.src}:${r.packet.sport ?? ''} > ${r.packet.dst}:${r.packet.dport ?? ''}` : ''}`,
    );
    if (flags.includes('--raw')) console.log(trace.raw.replace(/^/gm, '    | '));
  }
  console.log(`(${elapsed} ms, bridge netfilter ${result.bridgeNetfilter.enabled ? 'on' : 'off'})`);
}
