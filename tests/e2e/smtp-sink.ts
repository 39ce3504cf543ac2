// A minimal SMTP receiver for the journeys: the product delivers its outbox to it through
// SMTP_URL, and a test reads the messages, as a person reads their inbox.
import { createServer, type Server } from 'node:net';

export interface ReceivedMail { to: string[]; data: string; text: string }

/** Undo quoted-printable (soft breaks and =XX), enough to read links in a message. */
function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

export async function startSmtpSink(): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const say = (line: string) => socket.write(line + '\r\n');
    say('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push({ to, data, text: decodeQuotedPrintable(data) });
          to = [];
          say('250 queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 sink');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') say('250 ok');
        else if (verb === 'RCPT') { to.push(line.replace(/^.*<(.*)>.*$/, '$1')); say('250 ok'); }
        else if (verb === 'DATA') { inData = true; say('354 go ahead'); }
        else if (verb === 'QUIT') { say('221 bye'); socket.end(); return; }
        else say('502 not implemented');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
