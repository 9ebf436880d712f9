/** Docker hosts: the DockerHost document compiled into the rules dockerd writes. */
export {
  compileDockerHost,
  compileDockerSpec,
  hasDockerHost,
  DOCKER_HOST_KIND,
  type CompiledDockerHost,
} from './compile.ts';
export { DOCKER_RELEASE, type DockerHostSpec } from './model.ts';
export type { DockerProvenance, DockerRuleRole } from './rules.ts';
export { dockerHostFile, vethName } from './host.ts';
