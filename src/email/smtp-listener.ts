// The inbound SMTP listener: MX-style reception, no AUTH. Recipients are checked at RCPT TO (550 for
// anything but a business's inbound address), the message is read whole (bounded by the configured
// size, 552 past it), parsed once and handed to the intake for each business it was addressed to.
// The reply is 250 once every business has recorded it; a fault of ours is a 451 so the sending server
// retries, which is safe because a recorded message is recognised when it comes again.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerError, type SMTPServerSession } from 'smtp-server';
import type { EmailService } from './email-service.js';
import type { IntakeOutcome, MailIntake } from './mail-intake.js';
import { readMessage, UnreadableMessage } from './read-message.js';

export interface SmtpListenerOptions {
  port: number;
  host: string;
  maxMessageBytes: number;
  maxFileBytes: number;
  tls: { keyFile: string; certFile: string } | null;
  /** How often held mail past its hold period is expired. */
  expiryIntervalMs?: number;
}

export interface SmtpListener {
  readonly port: number;
  /** Stops accepting connections and waits (up to a few seconds) for messages being received. */
  close(): Promise<void>;
}

/** Recipients per message: a message for more businesses than this is answered 452 for the rest. */
const MAX_RECIPIENTS = 20;

function smtpError(code: number, reply: string): SMTPServerError {
  return Object.assign(new Error(reply), { responseCode: code });
}

export async function startSmtpListener(
  deps: { email: EmailService; intake: MailIntake; log: Logger },
  options: SmtpListenerOptions,
): Promise<SmtpListener> {
  const log = deps.log.child({ component: 'smtp' });
  const tls = options.tls ? { key: await readFile(options.tls.keyFile), cert: await readFile(options.tls.certFile) } : {};
  const server = new SMTPServer({
    ...tls,
    banner: 'ledgerlens',
    size: options.maxMessageBytes,
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    maxRecipients: MAX_RECIPIENTS,
    closeTimeout: 5000,
    logger: false,
    async onRcptTo(address, _session, callback) {
      try {
        if (await deps.email.businessForRecipient(address.address)) return callback();
        callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox`));
      } catch (error) {
        log.error({ err: error }, 'recipient lookup failed');
        callback(smtpError(451, '4.3.0 temporary failure, try again later'));
      }
    },
    onData(stream, session, callback) {
      receive(stream, session).then(
        (reply) => callback(null, reply),
        (error: SMTPServerError) => callback(error),
      );
    },
  });

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const chunks: Buffer[] = [];
    // Past the limit the rest is read and dropped, so an oversized message costs no memory.
    for await (const chunk of stream) if (!stream.sizeExceeded) chunks.push(chunk as Buffer);
    if (stream.sizeExceeded) throw smtpError(552, `5.3.4 message larger than ${options.maxMessageBytes} bytes`);
    const raw = Buffer.concat(chunks);
    const envelopeSender = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
    try {
      const mail = await readMessage(raw, envelopeSender, options.maxFileBytes);
      const businesses = new Set<string>();
      for (const recipient of session.envelope.rcptTo) {
        const business = await deps.email.businessForRecipient(recipient.address);
        if (business) businesses.add(business);
      }
      const outcomes: IntakeOutcome[] = [];
      for (const business of businesses) {
        const outcome = await deps.intake.receive(business, mail, raw);
        log.info({ business_id: business, sender: mail.sender, outcome: outcome.kind, ...(outcome.kind === 'refused' ? { reply: outcome.reply } : {}) }, 'email received');
        outcomes.push(outcome);
      }
      return replyFor(outcomes);
    } catch (error) {
      if ((error as SMTPServerError).responseCode) throw error;
      if (error instanceof UnreadableMessage) throw smtpError(554, `5.6.0 the message could not be read: ${error.message}`);
      log.error({ err: error, session: session.id }, 'receiving a message failed');
      throw smtpError(451, '4.3.0 temporary failure, try again later');
    }
  }

  server.on('error', (error) => log.error({ err: error }, 'SMTP listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  const expire = () =>
    deps.email.expireHeldMail().then(
      (expired) => expired && log.info({ expired }, 'held mail past its hold period expired'),
      (error: unknown) => log.error({ err: error }, 'expiring held mail failed'),
    );
  void expire();
  const expiryTimer = setInterval(expire, options.expiryIntervalMs ?? 3_600_000);
  expiryTimer.unref();

  log.info({ port, host: options.host, starttls: Boolean(options.tls) }, 'SMTP listener is ready');
  return {
    port,
    async close() {
      clearInterval(expiryTimer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One reply for all the businesses a message went to: retry later if any of them could not take it
 * now (those that did will recognise it), refuse it if none took it, accept it otherwise.
 */
function replyFor(outcomes: IntakeOutcome[]): string {
  const refusals = outcomes.filter((o) => o.kind === 'refused');
  const deferred = refusals.find((o) => o.smtpCode < 500);
  if (deferred) throw smtpError(deferred.smtpCode, deferred.reply);
  if (refusals.length && refusals.length === outcomes.length) throw smtpError(refusals[0]!.smtpCode, refusals[0]!.reply);
  return outcomes.some((o) => o.kind === 'held') ? 'queued for the owner to approve the sender' : 'accepted';
}
