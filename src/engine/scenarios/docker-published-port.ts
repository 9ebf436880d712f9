/**
 * The Docker example: a host running a web container published with -p 8080:80, and an INPUT
 * rule meant to close port 8080. The app opens it as a dump (the rules dockerd writes for the
 * DockerHost below, and its host), with a packet from the internet to the host's port 8080: it
 * is DNATed in PREROUTING, crosses FORWARD and reaches the container; INPUT is never on its path.
 */
import type { PacketForm } from '../scenario/doc.ts';
import type { Text } from './types.ts';

/** An example opened as a pasted dump: rules and host compiled from a document of their own. */
export interface DumpScenario {
  id: string;
  title: Text;
  summary: Text;
  description: Text;
  /** the DockerHost document (engine/docker) the rules and the host are compiled from */
  dockerHost: string;
  /** the hand-written rule the story is about, added to the compiled rules (filter INPUT) */
  inputRule: string;
  /** the comment the dump opens with, in both languages (the editor shows both lines) */
  header: Text;
  packet: PacketForm;
}

const DOCKER_HOST = `# A Docker host (Docker Engine 28.5.2): web is started with docker run -p 8080:80,
# db joins a network of its own; nothing of db is published.
apiVersion: netfilter-lab/v1alpha1
kind: DockerHost
metadata: {name: docker-host}
spec:
  interfaces: [{name: eth0, address: 203.0.113.5/24, gateway: 203.0.113.1}]
  networks:
  - {name: backend, bridge: br-backend, subnet: 172.18.0.0/16}
  containers:
  - {name: web, ports: ['8080:80']}
  - {name: db, networks: [backend]}
`;

export const dockerPublishedPort: DumpScenario = {
  id: 'docker-published-port',
  title: {
    en: "Docker: a published port passes INPUT's DROP",
    ko: 'Docker: 공개한 포트는 INPUT의 DROP을 지나쳐요',
  },
  summary: {
    en: 'docker run -p 8080:80 on a host whose INPUT drops 8080: a client outside still reaches the container.',
    ko: 'INPUT에서 8080을 버리는 호스트에 docker run -p 8080:80을 띄우면, 밖의 클라이언트가 그래도 컨테이너에 닿아요.',
  },
  description: {
    en:
      'The rules are what Docker Engine 28.5.2 writes for this host, plus one rule an admin added: ' +
      '-A INPUT -p tcp --dport 8080 -j DROP. A client on the internet connects to 203.0.113.5:8080. ' +
      'nat PREROUTING sends every packet for a local address to nat DOCKER, whose DNAT rewrites the ' +
      'destination to web at 172.17.0.2:80. Routing then sees an address behind docker0, so the ' +
      'packet is forwarded: filter FORWARD → DOCKER-USER → DOCKER-FORWARD → DOCKER-BRIDGE → DOCKER, ' +
      "where the published port's ACCEPT lets it in. INPUT is never on its path.",
    ko:
      '규칙은 Docker Engine 28.5.2가 이 호스트에 쓰는 것에, 관리자가 넣은 규칙 하나(' +
      '-A INPUT -p tcp --dport 8080 -j DROP)를 더한 거예요. 인터넷의 클라이언트가 203.0.113.5:8080으로 ' +
      '접속해요. nat PREROUTING은 로컬 주소로 오는 패킷을 모두 nat DOCKER로 보내고, 거기 DNAT이 목적지를 ' +
      'web(172.17.0.2:80)으로 바꿔요. 그러면 라우팅은 docker0 뒤의 주소로 보고 패킷을 전달(forward)해요. ' +
      'filter FORWARD → DOCKER-USER → DOCKER-FORWARD → DOCKER-BRIDGE → DOCKER를 지나, 공개 포트의 ACCEPT ' +
      '규칙이 받아들여요. INPUT은 이 경로에 한 번도 나오지 않아요.',
  },
  dockerHost: DOCKER_HOST,
  inputRule: '-A INPUT -p tcp -m tcp --dport 8080 -j DROP',
  header: {
    en: "The rules Docker Engine 28.5.2 writes for web (-p 8080:80) and db, plus the admin's INPUT rule on 8080.",
    ko: 'Docker Engine 28.5.2가 web(-p 8080:80)과 db를 위해 쓰는 규칙에, 관리자가 넣은 8080번 INPUT 규칙을 더했어요.',
  },
  packet: {
    source: { kind: 'address', address: '198.51.100.66' },
    destination: { kind: 'address', address: '203.0.113.5' },
    proto: 'tcp',
    sport: 40000,
    dport: 8080,
    tcpFlags: 'SYN',
    entryNode: '',
    entryInterface: 'eth0',
  },
};

export const dumpScenarios: readonly DumpScenario[] = [dockerPublishedPort];
