/**
 * `compile` on a text with a `kind: DockerHost` document: the rules dockerd writes on that host
 * (or, with --hosts, the host model to trace them on), in the same shapes as a node's.
 */
import { stringify } from 'yaml';
import { exitStatus } from '../command.ts';
import type { Input } from '../input.ts';
import { Output } from '../output.ts';
import { reportDiagnostics } from '../report.ts';
import { compileDockerHost, hasDockerHost } from '../../engine/docker/index.ts';

/** True when `compile` should read the text as a Docker host: it has one, and --node (if given)
 * does not name a Kubernetes node instead. */
export function wantsDocker(text: string, node: string | undefined, nodeNames: string[]): boolean {
  if (!hasDockerHost(text)) return false;
  return node === undefined ? nodeNames.length === 0 : !nodeNames.includes(node);
}

export async function compileDocker(
  input: Input,
  opts: { node?: string; hosts?: boolean; json?: boolean },
): Promise<number> {
  const compiled = compileDockerHost(input.text, opts.node);
  const out = new Output();
  if (opts.hosts)
    await out.write(
      opts.json ? `${JSON.stringify(compiled.host, null, 2)}\n` : stringify(compiled.host),
    );
  else await out.write(compiled.rulesetText);
  await out.flush();
  reportDiagnostics(input.name, compiled.diagnostics);
  return exitStatus(compiled.diagnostics.filter((d) => d.severity === 'error').length);
}
