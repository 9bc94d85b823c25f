"""A local SMTP server for the sender's tests, in a thread of the test (no package: aiosmtpd is not
installed, and Python 3.11's ``smtpd`` is deprecated): it speaks just enough SMTP for Django's
backend (EHLO without extensions, MAIL, RCPT, DATA, RSET, NOOP, QUIT), keeps every mail it accepted
with its recipients, refuses the recipients it is told to with a 550, and can hold its answer to a
mail's end of DATA (``hold_after``: the mails it accepts first), as a server whose answer is late."""
from __future__ import annotations

import socketserver
import threading
from dataclasses import dataclass, field


@dataclass
class Sink:
    """What the server did: the mails it accepted (their recipients), in order."""
    accepted: list[tuple[str, ...]] = field(default_factory=list)
    refuse: set[str] = field(default_factory=set)
    hold_after: int | None = None
    held: threading.Event = field(default_factory=threading.Event)      # a mail's answer is being held
    release: threading.Event = field(default_factory=threading.Event)   # answer it (and accept from then on)
    lock: threading.Lock = field(default_factory=threading.Lock)
    port: int = 0

    def count(self, address: str) -> int:
        with self.lock:
            return sum(address in rcpts for rcpts in self.accepted)


class _Handler(socketserver.StreamRequestHandler):
    sink: Sink

    def reply(self, line: str) -> None:
        self.wfile.write(f"{line}\r\n".encode())
        self.wfile.flush()

    def handle(self) -> None:
        sink = self.server.sink
        self.reply("220 sink ready")
        recipients: list[str] = []
        while True:
            raw = self.rfile.readline()
            if not raw:
                return
            command = raw.decode("ascii", "replace").strip()
            verb = command[:4].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250 sink")
            elif verb == "MAIL":
                recipients = []
                self.reply("250 OK")
            elif verb == "RCPT":
                address = command.split(":", 1)[1].strip().strip("<>")
                if address in sink.refuse:
                    self.reply("550 5.1.1 No such user here")
                else:
                    recipients.append(address)
                    self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 go ahead")
                while self.rfile.readline() not in (b".\r\n", b".\n", b""):
                    pass
                with sink.lock:
                    hold = sink.hold_after is not None and len(sink.accepted) >= sink.hold_after \
                        and not sink.release.is_set()
                if hold:   # the server's answer is late: the sender waits here, its mail not accepted yet
                    sink.held.set()
                    sink.release.wait()
                    return   # the connection is dropped, the mail never accepted
                with sink.lock:
                    sink.accepted.append(tuple(recipients))
                self.reply("250 accepted")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:   # RSET, NOOP and the rest
                self.reply("250 OK")


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(sink: Sink):
    """Start the server on a free local port (``sink.port``); returns it, to ``shutdown()``."""
    server = _Server(("127.0.0.1", 0), _Handler)
    server.sink = sink
    sink.port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
