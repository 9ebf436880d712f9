/**
 * The packet builder: who sends, to what, which protocol and ports, where the packet enters;
 * Send traces it, Send with reply traces its answer too (one trace call, one conntrack table).
 */
import { strings as twiceStrings } from '../connections/strings.ts';
import type { FormEvent } from 'react';
import type { ClusterSummary } from '../../worker/protocol.ts';
import { useLang, useT, type Messages } from '../i18n/index.ts';
import { netpolStrings } from '../netpol/strings.ts';
import { useSummary } from '../queries/scenario.ts';
import { useScenario } from '../stores/scenario-store.ts';
import {
  destinationValue,
  externalOptions,
  externalPort,
  nodePortOptions,
  podOptions,
  senderPodOptions,
  parseDestinationValue,
  parseSourceValue,
  podPort,
  serviceOptions,
  sourceValue,
} from './choices.ts';
import {
  destinationFamily,
  resolveDumpPacket,
  resolvePacket,
  type PacketForm,
  type Proto,
} from './packet-form.ts';
import { MacField } from './MacField.tsx';
import { PortFields } from './PortFields.tsx';
import { strings } from './strings.ts';
import { useFormFollowsModel } from './use-follow-model.ts';
import { formProblemText } from '../diagnostics/form-problems.ts';

function SourceSelect({
  c,
  t,
  dump,
}: {
  c: ClusterSummary | undefined;
  t: Messages;
  dump: boolean;
}) {
  const form = useScenario((s) => s.form);
  const editForm = useScenario((s) => s.editForm);
  return (
    <label className="field">
      <span>{t.from}</span>
      <select
        data-testid="packet-source"
        value={sourceValue(form.source)}
        onChange={(e) => editForm({ source: parseSourceValue(e.target.value, form.source) })}
      >
        {dump ? (
          <option value="node:">{t.theHost}</option>
        ) : (
          <>
            <optgroup label={t.groupPods}>
              {(c ? senderPodOptions(c, destinationFamily(form.destination)) : []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
            <optgroup label={t.groupClients}>
              {c?.clients.map((x) => (
                <option key={x.name} value={`client:${x.name}`}>
                  {x.name} ({x.address})
                </option>
              ))}
            </optgroup>
            <optgroup label={t.groupNodes}>
              {c?.nodes.map((n) => (
                <option key={n.name} value={`node:${n.name}`}>
                  {n.name}
                </option>
              ))}
            </optgroup>
          </>
        )}
        <option value="address">{t.anyAddress}</option>
      </select>
      {form.source.kind === 'address' ? (
        <input
          aria-label={`${t.from}: ${t.address}`}
          data-testid="packet-source-address"
          value={form.source.address}
          placeholder="198.51.100.20"
          onChange={(e) =>
            editForm({ source: { kind: 'address', address: e.target.value.trim() } })
          }
        />
      ) : null}
    </label>
  );
}

function DestinationSelect({
  c,
  t,
  dump,
}: {
  c: ClusterSummary | undefined;
  t: Messages;
  dump: boolean;
}) {
  const form = useScenario((s) => s.form);
  const editForm = useScenario((s) => s.editForm);
  const services = c ? serviceOptions(c) : [];
  const nodePorts = c ? nodePortOptions(c) : [];
  const externals = c ? externalOptions(c) : [];
  const own = strings[useLang()];
  const onChange = (v: string) => {
    const destination = parseDestinationValue(v, form.destination);
    let preset = [...services, ...nodePorts, ...externals].find((o) => o.value === v)?.protocol;
    const patch: Partial<PacketForm> = { destination };
    // a NodePort is reached on the node that owns the address
    if (destination.kind === 'nodeport') patch.entryNode = destination.node;
    const ext = externalPort(v);
    if (ext !== null) patch.dport = ext;
    // a pod is reached on the port its container listens on, not the Service's
    const listening =
      c && destination.kind === 'pod' ? podPort(c, destination.namespace, destination.name) : null;
    if (listening) {
      patch.dport = listening.port;
      preset = listening.protocol.toLowerCase();
    }
    if (preset === 'tcp' || preset === 'udp' || preset === 'sctp') patch.proto = preset;
    editForm(patch);
  };
  const value = destinationValue(
    form.destination,
    form.dport,
    externals.map((o) => o.value),
  );
  return (
    <label className="field">
      <span>{t.to}</span>
      <select
        data-testid="packet-destination"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {dump ? null : (
          <>
            <optgroup label={t.groupServices}>
              {services.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
            {nodePorts.length > 0 ? (
              <optgroup label={t.groupNodePorts}>
                {nodePorts.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {externals.length > 0 ? (
              <optgroup label={own.groupExternal}>
                {externals.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <optgroup label={t.groupPods}>
              {(c ? podOptions(c) : []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          </>
        )}
        <option value="address">{t.anyAddress}</option>
      </select>
      {value === 'address' && form.destination.kind === 'address' ? (
        <input
          aria-label={`${t.to}: ${t.address}`}
          data-testid="packet-destination-address"
          value={form.destination.address}
          placeholder="10.0.0.1 / fd00::1"
          onChange={(e) =>
            editForm({ destination: { kind: 'address', address: e.target.value.trim() } })
          }
        />
      ) : null}
    </label>
  );
}

function EntryFields({
  c,
  t,
  dump,
}: {
  c: ClusterSummary | undefined;
  t: Messages;
  dump: boolean;
}) {
  const form = useScenario((s) => s.form);
  const editForm = useScenario((s) => s.editForm);
  const own = netpolStrings[useLang()];
  const s = form.source;
  if (!dump && s.kind === 'pod') {
    const pod = c?.pods.find((p) => p.namespace === s.namespace && p.name === s.name);
    if (!pod) return null;
    // with Calico's rules a pod has its own routed cali… interface, not a port of cni0
    const routed = pod.veth.startsWith('cali');
    return (
      <p className="hint">
        {routed ? own.viaRoutedPod(pod.node, pod.veth) : t.viaPod(pod.node, pod.veth)}
      </p>
    );
  }
  if (s.kind === 'node') return dump ? null : <p className="hint">{t.viaNode(s.name)}</p>;
  return (
    <>
      {dump ? null : (
        <label className="field">
          <span>{t.entersNode}</span>
          <select
            data-testid="packet-entry-node"
            value={form.entryNode}
            onChange={(e) => editForm({ entryNode: e.target.value })}
          >
            {c?.nodes.map((n) => (
              <option key={n.name} value={n.name}>
                {n.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {s.kind === 'address' ? (
        <>
          <label className="field">
            <span>{t.entersInterface}</span>
            <input
              data-testid="packet-entry-interface"
              value={form.entryInterface}
              onChange={(e) => editForm({ entryInterface: e.target.value.trim() })}
            />
          </label>
          {dump ? <MacField /> : null}
        </>
      ) : (
        <p className="hint">{t.viaEth0(form.entryNode)}</p>
      )}
    </>
  );
}

export function PacketBuilder() {
  const t = useT();
  const lang = useLang();
  const twice = twiceStrings[lang];
  const c = useSummary();
  const dump = useScenario((s) => s.mode) === 'dump';
  const form = useScenario((s) => s.form);
  const editForm = useScenario((s) => s.editForm);
  const send = useScenario((s) => s.send);
  const reroll = useScenario((s) => s.reroll);
  useFormFollowsModel();
  const resolved = dump ? resolveDumpPacket(form) : c ? resolvePacket(form, c) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(false);
  };
  return (
    <form className="panel packet-builder" onSubmit={submit} data-testid="packet-builder">
      <h2 className="panel-title">{t.packet}</h2>
      <SourceSelect c={c} t={t} dump={dump} />
      <DestinationSelect c={c} t={t} dump={dump} />
      <PortFields
        t={t}
        proto={form.proto}
        family={destinationFamily(form.destination)}
        onProto={(proto: Proto) => editForm({ proto })}
        sport={form.sport}
        onSport={(sport) => editForm({ sport })}
        dport={form.dport}
        onDport={(dport) => editForm({ dport })}
        showDport={form.destination.kind === 'pod' || form.destination.kind === 'address'}
        tcpFlags={form.tcpFlags}
        onTcpFlags={(tcpFlags) => editForm({ tcpFlags })}
      />
      <EntryFields c={c} t={t} dump={dump} />
      {resolved && !resolved.ok ? (
        <p className="banner error" role="alert">
          {t.formProblem} {formProblemText(resolved.problem, lang)}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="primary" disabled={!resolved?.ok} data-testid="send">
          {t.send}
        </button>
        <button
          type="button"
          disabled={!resolved?.ok}
          onClick={() => send(true)}
          data-testid="send-reply"
        >
          {t.sendReply}
        </button>
        <button
          type="button"
          disabled={!resolved?.ok || form.proto === 'icmp'}
          onClick={() => send(false, true)}
          title={twice.hint}
          data-testid="send-twice"
        >
          {twice.button}
        </button>
        <button type="button" onClick={reroll} title={t.rerollHint} data-testid="reroll">
          {t.reroll}
        </button>
      </div>
    </form>
  );
}
