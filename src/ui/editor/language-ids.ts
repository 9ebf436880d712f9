/** Names the shell uses without loading Monaco: language ids and the editor models' URIs. */
export const IPTABLES_LANGUAGE_ID = 'iptables-save';
/** monaco-yaml attaches the cluster schema to the model with this URI */
export const CLUSTER_MODEL_URI = 'inmemory://netfilter-lab/cluster.yaml';
export const DUMP_MODEL_URI = 'inmemory://netfilter-lab/rules.iptables';
