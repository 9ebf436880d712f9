/**
 * JSON Schema (draft-07, what the YAML language server in the editor speaks) for one document of
 * a cluster description. Kubernetes objects allow fields the compiler ignores, so only the
 * fields it reads are described; the Cluster document is closed (unknown fields are typos).
 */
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const port = { type: 'integer', minimum: 1, maximum: 65535 } as const;
const ipv4 = {
  type: 'string',
  pattern: '^[0-9]{1,3}(\\.[0-9]{1,3}){3}$',
  description: 'an IPv4 address',
} as const;
/** an IPv4 prefix (10.244.0.0/16) or an IPv6 one (fd00:10:244::/56): the loader checks it fully */
const PREFIX = '([0-9]{1,3}(\\.[0-9]{1,3}){3}/[0-9]{1,2}|[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*/[0-9]{1,3})';
const cidr = {
  type: 'string',
  pattern: `^\\s*${PREFIX}\\s*$`,
  description: 'an IPv4 or IPv6 range such as 10.244.0.0/16 or fd00:10:244::/56',
} as const;
/** one range, or one of each family for a dual-stack cluster (kube-apiserver's form) */
const familyRanges = {
  type: 'string',
  pattern: `^\\s*${PREFIX}(\\s*,\\s*${PREFIX})?\\s*$`,
  description: 'a range, or an IPv4 and an IPv6 one separated by a comma (dual-stack)',
} as const;
const protocol = { enum: ['TCP', 'UDP', 'SCTP'], default: 'TCP' } as const;
const labels = { type: 'object', additionalProperties: { type: 'string' } } as const;
const metadata = (namespaced: boolean) => ({
  type: 'object',
  required: ['name'],
  properties: {
    name: str,
    labels,
    annotations: labels,
    ...(namespaced ? { namespace: { ...str, default: 'default' } } : {}),
  },
});
const containers = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      name: str,
      image: str,
      ports: {
        type: 'array',
        items: {
          type: 'object',
          required: ['containerPort'],
          properties: { name: str, containerPort: port, protocol },
        },
      },
    },
  },
} as const;

const kinds: Record<string, object> = {
  Node: {
    properties: {
      metadata: metadata(false),
      spec: {
        type: 'object',
        properties: { podCIDR: cidr, podCIDRs: { type: 'array', items: cidr } },
      },
      status: {
        type: 'object',
        properties: {
          addresses: {
            type: 'array',
            items: {
              type: 'object',
              required: ['type', 'address'],
              properties: {
                type: {
                  enum: ['InternalIP', 'ExternalIP', 'Hostname', 'InternalDNS', 'ExternalDNS'],
                },
                address: str,
              },
            },
          },
        },
      },
    },
  },
  Pod: {
    properties: {
      metadata: {
        ...metadata(true),
        properties: {
          ...metadata(true).properties,
          deletionTimestamp: {
            type: ['string', 'null'],
            description: 'set: the pod is terminating',
          },
        },
      },
      spec: { type: 'object', properties: { nodeName: str, containers } },
      status: {
        type: 'object',
        properties: {
          podIP: ipv4,
          podIPs: { type: 'array', items: { type: 'object', properties: { ip: str } } },
          phase: { enum: ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'] },
          conditions: {
            type: 'array',
            items: {
              type: 'object',
              properties: { type: str, status: { enum: ['True', 'False', 'Unknown'] } },
            },
          },
        },
      },
    },
  },
  Deployment: {
    properties: {
      metadata: metadata(true),
      spec: {
        type: 'object',
        properties: {
          replicas: { type: 'integer', minimum: 0, default: 1 },
          selector: { type: 'object', properties: { matchLabels: labels } },
          template: {
            type: 'object',
            properties: {
              metadata: { type: 'object', properties: { labels } },
              spec: { type: 'object', properties: { containers } },
            },
          },
        },
      },
    },
  },
  Service: {
    properties: {
      metadata: metadata(true),
      spec: {
        type: 'object',
        properties: {
          type: {
            enum: ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'],
            default: 'ClusterIP',
          },
          clusterIP: {
            type: 'string',
            description: 'an IPv4 address, or None for a headless Service',
          },
          selector: labels,
          externalIPs: { type: 'array', items: ipv4 },
          externalName: str,
          externalTrafficPolicy: { enum: ['Cluster', 'Local'], default: 'Cluster' },
          internalTrafficPolicy: { enum: ['Cluster', 'Local'], default: 'Cluster' },
          sessionAffinity: { enum: ['None', 'ClientIP'], default: 'None' },
          sessionAffinityConfig: {
            type: 'object',
            properties: {
              clientIP: {
                type: 'object',
                properties: {
                  timeoutSeconds: { type: 'integer', minimum: 1, maximum: 86400, default: 10800 },
                },
              },
            },
          },
          loadBalancerSourceRanges: { type: 'array', items: cidr },
          healthCheckNodePort: port,
          publishNotReadyAddresses: bool,
          allocateLoadBalancerNodePorts: bool,
          ports: {
            type: 'array',
            items: {
              type: 'object',
              required: ['port'],
              properties: {
                name: str,
                protocol,
                port,
                targetPort: { oneOf: [port, str] },
                nodePort: port,
              },
            },
          },
        },
      },
      status: {
        type: 'object',
        properties: {
          loadBalancer: {
            type: 'object',
            properties: {
              ingress: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { ip: ipv4, hostname: str, ipMode: { enum: ['VIP', 'Proxy'] } },
                },
              },
            },
          },
        },
      },
    },
  },
  EndpointSlice: {
    required: ['addressType'],
    properties: {
      metadata: { ...metadata(true), required: ['name', 'labels'] },
      addressType: { enum: ['IPv4', 'IPv6', 'FQDN'] },
      ports: {
        type: 'array',
        items: { type: 'object', properties: { name: str, port, protocol } },
      },
      endpoints: {
        type: 'array',
        items: {
          type: 'object',
          required: ['addresses'],
          properties: {
            addresses: { type: 'array', items: str, minItems: 1 },
            nodeName: str,
            conditions: {
              type: 'object',
              properties: { ready: bool, serving: bool, terminating: bool },
            },
            targetRef: { type: 'object', properties: { kind: str, name: str, namespace: str } },
          },
        },
      },
    },
  },
  NetworkPolicy: {
    properties: {
      metadata: metadata(true),
      spec: {
        type: 'object',
        properties: {
          podSelector: { type: 'object' },
          policyTypes: { type: 'array', items: { enum: ['Ingress', 'Egress'] } },
        },
      },
    },
  },
  KubeProxyConfiguration: {
    properties: {
      apiVersion: { const: 'kubeproxy.config.k8s.io/v1alpha1' },
      mode: { enum: ['', 'iptables', 'ipvs', 'nftables'] },
      clusterCIDR: {
        type: 'string',
        description: "the pods' range; traffic from outside it is masqueraded",
      },
      detectLocalMode: {
        enum: ['ClusterCIDR', 'NodeCIDR', 'BridgeInterface', 'InterfaceNamePrefix'],
        default: 'ClusterCIDR',
      },
      detectLocal: {
        type: 'object',
        properties: { bridgeInterface: str, interfaceNamePrefix: str },
      },
      nodePortAddresses: { type: 'array', items: { anyOf: [cidr, { const: 'primary' }] } },
      iptables: {
        type: 'object',
        properties: {
          masqueradeAll: { ...bool, default: false },
          masqueradeBit: { type: 'integer', minimum: 0, maximum: 31, default: 14 },
          localhostNodePorts: { ...bool, default: true },
        },
      },
    },
  },
  Cluster: {
    additionalProperties: false,
    properties: {
      apiVersion: { const: 'netfilter-lab/v1alpha1' },
      kind: { const: 'Cluster' },
      metadata: { type: 'object', properties: { name: str } },
      serviceCIDR: { ...familyRanges, default: '10.96.0.0/12' },
      backend: { enum: ['nft', 'legacy'], default: 'nft' },
      kubeProxyVersion: {
        type: 'string',
        default: 'current',
        description:
          'the kube-proxy release whose rules are written: 1.19 to 1.23 (the older layout) or 1.28 and later',
      },
      networkPolicy: {
        enum: ['none', 'calico', 'kube-router'],
        default: 'none',
        description: 'the CNI whose rules enforce NetworkPolicy (none: policies are not compiled)',
      },
      externalClients: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'address'],
          properties: { name: str, address: ipv4 },
        },
      },
      features: {
        type: 'object',
        additionalProperties: false,
        properties: {
          randomFully: {
            ...bool,
            default: true,
            description: 'iptables supports MASQUERADE --random-fully',
          },
          nfacct: { ...bool, default: false, description: 'the nfacct match and counters exist' },
        },
      },
    },
  },
};

export const clusterSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://netfilter-lab.invalid/schema/cluster.json',
  title: 'Netfilter Lab cluster description (one YAML document)',
  type: 'object',
  required: ['kind'],
  properties: { apiVersion: str, kind: str, items: { type: 'array', items: { $ref: '#' } } },
  allOf: Object.entries(kinds).map(([kind, body]) => ({
    if: { properties: { kind: { const: kind } }, required: ['kind'] },
    then: body,
  })),
} as const;
