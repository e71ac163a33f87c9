import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server for tests and the newsletter benchmark (smtp-server), keeping each
 * message parsed by mailparser. It can be stopped and started again on the same port (an
 * outage), and refuses recipients listed in `reject` with a permanent 550.
 */
export class SmtpSink {
  readonly messages: ParsedMail[] = [];
  /** Recipient addresses answered 550 (mailbox unavailable). */
  readonly reject = new Set<string>();
  /** Keep only a count, not the parsed message (the benchmark's many messages). */
  countOnly = false;
  received = 0;
  port = 0;
  private server: SMTPServer | undefined;

  private create(): SMTPServer {
    const options: SMTPServerOptions = {
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Pooled client connections would otherwise hold a stop() for 30 s.
      closeTimeout: 200,
      onRcptTo: (address, _session, cb) => {
        if (this.reject.has(address.address.toLowerCase())) {
          const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return cb(err);
        }
        cb();
      },
      onData: (stream, _session, cb) => {
        if (this.countOnly) {
          stream.on('data', () => undefined);
          stream.on('end', () => {
            this.received++;
            cb();
          });
          return;
        }
        simpleParser(stream)
          .then((m) => {
            this.messages.push(m);
            this.received++;
            cb();
          })
          .catch(cb);
      },
    };
    return new SMTPServer(options);
  }

  async start(): Promise<void> {
    this.server = this.create();
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
