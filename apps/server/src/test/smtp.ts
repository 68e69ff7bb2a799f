import net from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** The account that signed in, when the server asked for one. */
  user: string | undefined;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (any free port, or the one given) for tests; every accepted message lands in
 * `received`. Plain text and no auth unless `options` say otherwise (onAuth, onMailFrom, STARTTLS ...).
 */
export async function startSmtpServer(options: Partial<SMTPServerOptions> & { port?: number } = {}) {
  const { port = 0, ...rest } = options;
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...rest,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    port: (server.server.address() as net.AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A port on which nothing listens (bound, read, released). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
