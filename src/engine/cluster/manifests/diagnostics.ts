/**
 * Problems found in a cluster description. Like every diagnostic in the engine they are data,
 * never thrown, and carry the YAML position (1-based line and column) of the offending value.
 */
import type { DiagnosticArgs, SourceSpan } from '../../rules/index.ts';

export type ClusterDiagnosticCode =
  | 'yaml-syntax' // the YAML itself does not parse
  | 'not-an-object' // a document or list item that is not a mapping
  | 'missing-kind'
  | 'unknown-kind' // kept, but nothing is compiled from it
  | 'missing-field'
  | 'bad-type'
  | 'bad-value'
  | 'unknown-field' // in the documents this tool defines (Cluster) and KubeProxyConfiguration
  | 'duplicate-object' // two objects with the same kind, namespace and name
  | 'duplicate-node-port'
  | 'duplicate-address'
  | 'address-outside-cidr'
  | 'unknown-target-port' // a named targetPort that a selected pod does not declare
  | 'selects-nothing' // a Service or NetworkPolicy whose selector matches no pod
  | 'unknown-port-name' // a NetworkPolicy port name that no container of the pods it means declares
  | 'unknown-node' // a pod or endpoint on a node the description does not define
  | 'unknown-service' // an EndpointSlice for a Service that is not defined
  | 'ipv6-ignored' // an IPv6 address in a cluster that has IPv4 only
  | 'ipv6-in-ipv4-service' // an IPv6 address where a Service's families say IPv4 only
  | 'family-not-in-cluster' // a Service asks for an IP family (IPv6) the cluster does not have
  | 'leading-zeros' // an IPv4 number written 041: read as decimal, as kube-proxy does
  | 'assumed' // a value the description left out and the compiler chose (info)
  | 'not-compiled' // understood and validated, but produces no rules (NetworkPolicy, ExternalName)
  | 'unknown-node-name' // compile asked for a node the description does not define
  | 'unknown-network' // a Docker container on a network the DockerHost does not define
  | 'duplicate-published-port' // two containers publish the same host port and protocol
  | 'internal'; // the compiler produced a rule iptables would not take (a bug: please report)

export type ClusterSeverity = 'error' | 'warning' | 'info';

export interface ClusterDiagnostic extends SourceSpan {
  code: ClusterDiagnosticCode;
  severity: ClusterSeverity;
  message: string;
  args?: DiagnosticArgs;
}

export const NO_SPAN: SourceSpan = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export class ClusterReport {
  readonly diagnostics: ClusterDiagnostic[] = [];
  /**
   * What to say about each IPv6 address read, should the cluster turn out to have no IPv6
   * (the Cluster document naming the families may come after the objects)
   */
  readonly ipv6Unused: (() => void)[] = [];

  add(
    code: ClusterDiagnosticCode,
    severity: ClusterSeverity,
    span: SourceSpan,
    message: string,
    args?: DiagnosticArgs,
  ): void {
    this.diagnostics.push(
      args ? { code, severity, message, args, ...span } : { code, severity, message, ...span },
    );
  }
  error(
    code: ClusterDiagnosticCode,
    span: SourceSpan,
    message: string,
    args?: DiagnosticArgs,
  ): void {
    this.add(code, 'error', span, message, args);
  }
  warn(
    code: ClusterDiagnosticCode,
    span: SourceSpan,
    message: string,
    args?: DiagnosticArgs,
  ): void {
    this.add(code, 'warning', span, message, args);
  }
  info(
    code: ClusterDiagnosticCode,
    span: SourceSpan,
    message: string,
    args?: DiagnosticArgs,
  ): void {
    this.add(code, 'info', span, message, args);
  }
}
