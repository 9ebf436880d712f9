#!/usr/bin/env python3
"""Opens real TCP connections and reports what came back, one JSON object per attempt:
{"ok": true, "local": "ADDR:PORT" ("[ADDR]:PORT" for IPv6), "reply": "LOCAL_ADDR LOCAL_PORT PEER_ADDR PEER_PORT"} or
{"ok": false, "error": "timeout" | "refused" | "unreachable" | OTHER}.

Run inside the namespace the connection starts from:
`python3 tcp_connect.py ADDR PORT COUNT TIMEOUT_SECONDS`; an ADDR with a colon is IPv6.
Standard library only.
"""
import errno
import json
import socket
import sys


def attempt(addr, port, timeout):
    ipv6 = ":" in addr
    s = socket.socket(socket.AF_INET6 if ipv6 else socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    try:
        s.connect((addr, port))
        local = s.getsockname()
        data = b""
        while not data.endswith(b"\n"):
            chunk = s.recv(256)
            if not chunk:
                break
            data += chunk
        host = f"[{local[0]}]" if ipv6 else local[0]
        return {"ok": True, "local": f"{host}:{local[1]}", "reply": data.decode().strip()}
    except socket.timeout:
        return {"ok": False, "error": "timeout"}
    except ConnectionRefusedError:
        return {"ok": False, "error": "refused"}
    except OSError as e:
        if e.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH):
            return {"ok": False, "error": "unreachable"}
        return {"ok": False, "error": str(e)}
    finally:
        s.close()


def main():
    addr, port, count, timeout = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    for _ in range(count):
        print(json.dumps(attempt(addr, port, timeout)), flush=True)


main()
