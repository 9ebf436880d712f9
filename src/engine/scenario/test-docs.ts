/** Scenario documents the share tests start from. */
import { DEFAULT_CLUSTER_YAML, DEFAULT_NODE } from '../scenarios/default-cluster.ts';
import { DEFAULT_PACKET, DUMP_PACKET } from './default-packets.ts';
import { SCENARIO_VERSION, type ScenarioDoc } from './doc.ts';

export function clusterDoc(): ScenarioDoc {
  return {
    version: SCENARIO_VERSION,
    mode: 'cluster',
    yaml: `${DEFAULT_CLUSTER_YAML}# 한국어 주석도 그대로\n`,
    dumpHost: null,
    node: DEFAULT_NODE,
    form: { ...DEFAULT_PACKET, sport: 41234 },
    sent: { form: { ...DEFAULT_PACKET, sport: 41234 }, withReply: true, seed: 7 },
    packetIndex: 1,
    step: 12,
    view: { table: 'nat', selectedChain: 'KUBE-SERVICES', rulesView: 'text', rulesFormat: 'S' },
    lang: 'ko',
    theme: 'dark',
  };
}

export function dumpDoc(): ScenarioDoc {
  return {
    version: SCENARIO_VERSION,
    mode: 'dump',
    dump: '*filter\n:INPUT DROP [0:0]\n-A INPUT -p tcp --dport 22 -j ACCEPT\nCOMMIT\n',
    dumpHost: {
      interfaces: [{ name: 'eth0', addresses: ['192.168.1.10/24'] }],
      ipForward: true,
    },
    node: DEFAULT_NODE,
    form: DUMP_PACKET,
    sent: { form: DUMP_PACKET, withReply: false, seed: 1 },
    packetIndex: 0,
    step: 3,
    view: { table: 'auto', selectedChain: null, rulesView: 'table', rulesFormat: 'save' },
  };
}
