#!/usr/bin/env python3
"""Sends one hand-built IPv4 or IPv6 packet (tcp, udp, icmp or icmpv6) through a raw socket.

Run inside the namespace the packet should leave from (`ip netns exec NS python3 send_packet.py
JSON`). The whole IP header is ours (IP_HDRINCL), so any source address works; the kernel of the
sending namespace routes it by destination and resolves the next hop with ARP. In the host
namespace this is a locally generated packet and walks OUTPUT -> POSTROUTING. A source address
with a colon makes an IPv6 packet (an AF_INET6 raw socket of protocol IPPROTO_RAW includes its
header too); its next hop is resolved by neighbour discovery, and "ttl" is its hop limit, "tos"
its traffic class.

JSON fields: src, dst, proto, sport, dport, flags ("SYN,ACK"), seq, ack, window, icmpType,
icmpCode, icmpId, icmpSeq, ttl, tos, ipId, length (total IP length), mark (SO_MARK), dev
(SO_BINDTODEVICE). Standard library only, so CI needs nothing beyond python3.
"""
import json
import socket
import struct
import sys

SO_MARK = 36
TCP_FLAGS = {"FIN": 0x01, "SYN": 0x02, "RST": 0x04, "PSH": 0x08, "ACK": 0x10, "URG": 0x20, "ECE": 0x40, "CWR": 0x80}
PROTOCOLS = {"icmp": 1, "tcp": 6, "udp": 17}
PROTOCOLS6 = {"icmp": 58, "icmpv6": 58, "tcp": 6, "udp": 17}


def checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def pseudo_header(p: dict, number: int, length: int) -> bytes:
    if ":" in p["src"]:
        addresses = socket.inet_pton(socket.AF_INET6, p["src"]) + socket.inet_pton(socket.AF_INET6, p["dst"])
        return addresses + struct.pack("!IxxxB", length, number)
    return socket.inet_aton(p["src"]) + socket.inet_aton(p["dst"]) + struct.pack("!BBH", 0, number, length)


def transport(p: dict, payload: bytes) -> bytes:
    proto = p["proto"]
    if proto in ("icmp", "icmpv6") and ":" in p["src"]:
        # ICMPv6's checksum covers the pseudo-header; echo request is type 128
        head = struct.pack("!BBHHH", p.get("icmpType", 128), p.get("icmpCode", 0), 0, p.get("icmpId", 0x4e4c), p.get("icmpSeq", 1))
        csum = checksum(pseudo_header(p, 58, len(head) + len(payload)) + head + payload)
        return head[:2] + struct.pack("!H", csum) + head[4:] + payload
    if proto == "icmp":
        head = struct.pack("!BBHHH", p.get("icmpType", 8), p.get("icmpCode", 0), 0, p.get("icmpId", 0x4e4c), p.get("icmpSeq", 1))
        csum = checksum(head + payload)
        return head[:2] + struct.pack("!H", csum) + head[4:] + payload
    if proto == "udp":
        length = 8 + len(payload)
        head = struct.pack("!HHHH", p["sport"], p["dport"], length, 0)
        pseudo = pseudo_header(p, 17, length)
        csum = checksum(pseudo + head + payload) or 0xFFFF
        return head[:6] + struct.pack("!H", csum) + payload
    if proto == "tcp":
        flags = 0
        for name in filter(None, p.get("flags", "SYN").replace(" ", "").split(",")):
            flags |= TCP_FLAGS[name.upper()]
        head = struct.pack("!HHIIBBHHH", p["sport"], p["dport"], p.get("seq", 0), p.get("ack", 0), 5 << 4, flags, p.get("window", 64240), 0, 0)
        pseudo = pseudo_header(p, 6, len(head) + len(payload))
        csum = checksum(pseudo + head + payload)
        return head[:16] + struct.pack("!H", csum) + head[18:] + payload
    raise SystemExit(f"send_packet: unsupported proto {proto!r}")


def build6(p: dict) -> bytes:
    header_len = {"icmp": 8, "icmpv6": 8, "udp": 8, "tcp": 20}.get(p["proto"], 0)
    length = p.get("length")
    # "length" is the whole packet, as for IPv4: the 40-byte header and the payload
    body = transport(p, b"\0" * (max(0, length - 40 - header_len) if length else 0))
    first = (6 << 28) | (p.get("tos", 0) << 20)
    header = struct.pack(
        "!IHBB16s16s", first, len(body), PROTOCOLS6[p["proto"]], p.get("ttl", 64),
        socket.inet_pton(socket.AF_INET6, p["src"]), socket.inet_pton(socket.AF_INET6, p["dst"]),
    )
    return header + body


def build(p: dict) -> bytes:
    if ":" in p["src"]:
        return build6(p)
    header_len = {"icmp": 8, "udp": 8, "tcp": 20}.get(p["proto"], 0)
    length = p.get("length")
    payload_len = max(0, length - 20 - header_len) if length else 0
    body = transport(p, b"\0" * payload_len)
    total = 20 + len(body)
    header = struct.pack(
        "!BBHHHBBH4s4s", 0x45, p.get("tos", 0), total, p.get("ipId", 0x1234), 0x4000, p.get("ttl", 64),
        PROTOCOLS[p["proto"]], 0, socket.inet_aton(p["src"]), socket.inet_aton(p["dst"]),
    )
    header = header[:10] + struct.pack("!H", checksum(header)) + header[12:]
    return header + body


def main() -> None:
    p = json.loads(sys.argv[1])
    family = socket.AF_INET6 if ":" in p["src"] else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_RAW, socket.IPPROTO_RAW)
    if p.get("mark"):
        sock.setsockopt(socket.SOL_SOCKET, SO_MARK, p["mark"])
    if p.get("dev"):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BINDTODEVICE, p["dev"].encode())
    try:
        sock.sendto(build(p), (p["dst"], 0))
    except PermissionError:
        # A DROP (or REJECT) in OUTPUT makes the kernel refuse the send with EPERM: the packet was
        # handled by netfilter, which is what the test wants to see; the trace shows the verdict.
        print("send_packet: EPERM (dropped in OUTPUT)")


if __name__ == "__main__":
    main()
