/** Protocol, ports and TCP flags: the packet builder's transport fields. */
import type { Messages } from '../i18n/index.ts';
import { protoLabel, type Proto } from './packet-form.ts';

const PROTOS: Proto[] = ['tcp', 'udp', 'icmp', 'sctp'];
const FLAG_SETS = ['SYN', 'ACK', 'SYN,ACK', 'ACK,PSH', 'FIN,ACK', 'RST'];

function port(text: string, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : fallback;
}

export function PortFields(props: {
  t: Messages;
  proto: Proto;
  family: 'ipv4' | 'ipv6';
  onProto(p: Proto): void;
  sport: number;
  onSport(n: number): void;
  dport: number;
  onDport(n: number): void;
  showDport: boolean;
  tcpFlags: string;
  onTcpFlags(f: string): void;
}) {
  const { t } = props;
  const ports = props.proto !== 'icmp';
  return (
    <div className="field-row">
      <label className="field">
        <span>{t.protocol}</span>
        <select
          data-testid="packet-proto"
          value={props.proto}
          onChange={(e) => props.onProto(e.target.value as Proto)}
        >
          {PROTOS.map((p) => (
            <option key={p} value={p}>
              {protoLabel(p, props.family)}
            </option>
          ))}
        </select>
      </label>
      {ports ? (
        <label className="field">
          <span>{t.sport}</span>
          <input
            type="number"
            min={0}
            max={65535}
            data-testid="packet-sport"
            value={props.sport}
            onChange={(e) => props.onSport(port(e.target.value, props.sport))}
          />
        </label>
      ) : null}
      {ports && props.showDport ? (
        <label className="field">
          <span>{t.dport}</span>
          <input
            type="number"
            min={0}
            max={65535}
            data-testid="packet-dport"
            value={props.dport}
            onChange={(e) => props.onDport(port(e.target.value, props.dport))}
          />
        </label>
      ) : null}
      {props.proto === 'tcp' ? (
        <label className="field">
          <span>{t.tcpFlags}</span>
          <select
            data-testid="packet-flags"
            value={props.tcpFlags}
            onChange={(e) => props.onTcpFlags(e.target.value)}
          >
            {FLAG_SETS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
