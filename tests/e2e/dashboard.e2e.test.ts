// The dashboard in a real browser against a real `ledgerlens serve` process: sign in, create a key,
// upload by file input and by drag and drop, read the fields and their regions, set a callback and
// see its delivery, approve a held email sender and see its mailed document arrive, and on the review
// desk correct a wrong total with the keyboard, approve the document, export it and receive the
// opt-in document.reviewed event. With LEDGERLENS_SCREENSHOTS=<dir> (npm run screenshots) it also saves the main
// screens there, for docs/.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { browserMissing, launchBrowser } from '../helpers/browser.js';
import { textPdf } from '../helpers/fixtures.js';
import { freePort, runCli, startServeProcess, type ServeProcess } from '../helpers/process.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const EMAIL = 'owner@example.com';
const PASSWORD = 'e2e password, long enough';
const SCREENSHOTS = process.env.LEDGERLENS_SCREENSHOTS;

const invoice = (number: string, total: string) => [
  'Northwind Office Supplies Ltd',
  '12 Harbour Road, Tallinn 10111, Estonia',
  'VAT number: EE100247019',
  '',
  `Invoice number: ${number}`,
  'Invoice date: 05.01.2024',
  'Due date: 19.01.2024',
  '',
  'Bill to: Contoso Trading OU',
  '',
  'Description                 Qty    Price    Amount',
  'Printer paper A4            10     8.20     82.00',
  'Toner cartridge              1    18.00     18.00',
  '',
  'Subtotal 100.00 EUR',
  'VAT 22% 22.00 EUR',
  `Total ${total} EUR`,
];

const skip = browserMissing();

describe('dashboard in a browser', { skip: skip ?? false }, () => {
  let dataDir: string;
  let server: ServeProcess;
  let receiver: Receiver;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let smtpPort: number;

  async function screenshot(name: string) {
    if (!SCREENSHOTS) return;
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ledgerlens-e2e-'));
    smtpPort = await freePort();
    const env = {
      LEDGERLENS_DATA_DIR: dataDir,
      LEDGERLENS_EXTRACTION_THREADS: '1',
      LEDGERLENS_CALLBACK_ALLOW_PRIVATE: '1',
      LEDGERLENS_SMTP_PORT: String(smtpPort),
      LEDGERLENS_EMAIL_DOMAIN: 'in.example.test',
    };
    const created = await runCli(['owners', 'create', '--email', EMAIL, '--password-stdin'], env, `${PASSWORD}\n`);
    assert.equal(created.code, 0, created.stderr);
    assert.ok(!created.stdout.includes(PASSWORD));
    [server, receiver, browser] = await Promise.all([startServeProcess(env), startReceiver(), launchBrowser()]);
    page = await browser.context.newPage();
  });

  after(async () => {
    await browser?.close();
    await receiver?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('sign in: a wrong password is refused, the right one opens the documents', async () => {
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await screenshot('sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'the email address or the password is wrong' }).waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    assert.equal(await page.getByLabel('Business').inputValue(), (await page.getByLabel('Business').locator('option').first().getAttribute('value'))!);
    // The session survives a reload: the cookie, not page state, signs the owner in.
    await page.reload();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
  });

  test('create a key: the secret is shown once, with a copy button, and works on the API', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Key label').fill('e2e export');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.locator('#one-time-secret').textContent())!.trim();
    assert.match(secret, /^llk_key_[0-9a-z]{20}_[0-9a-z]{32}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    await screenshot('keys');
    const usage = await fetch(`${server.baseUrl}/api/v1/usage`, { headers: { 'x-api-key': secret } });
    assert.equal(usage.status, 200);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await page.getByRole('cell', { name: 'e2e export' }).waitFor();
    assert.ok(!(await page.content()).includes(secret), 'the secret is not shown again');
  });

  test('upload by the file input: the document opens with its fields and their regions drawn on the page', async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    const pdf = await textPdf([invoice('INV-2024-001', '122.00')]);
    await page.locator('input[type=file]').setInputFiles({ name: 'northwind-001.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('link', { name: 'done, open' }).click();
    await page.getByRole('heading', { name: 'northwind-001.pdf' }).waitFor();
    await page.locator('.page img').waitFor();
    await page.waitForFunction("document.querySelector('.page img')?.complete === true");
    const total = page.locator('tr', { has: page.locator('code', { hasText: /^total$/ }) });
    assert.equal(await total.locator('input').inputValue(), '122');
    const regions = page.locator('.region');
    assert.ok((await regions.count()) >= 3, `regions drawn: ${await regions.count()}`);
    // Boxes lie on the page image in the order the lines are printed: the number above the total.
    const image = (await page.locator('.page img').boundingBox())!;
    const number = (await page.locator('.region[data-field="document_number"]').boundingBox())!;
    const totalBox = (await page.locator('.region[data-field="total"]').boundingBox())!;
    for (const box of [number, totalBox]) {
      assert.ok(box.width > 0 && box.x >= image.x && box.y >= image.y && box.y + box.height <= image.y + image.height, JSON.stringify({ box, image }));
    }
    assert.ok(number.y + number.height <= totalBox.y, JSON.stringify({ number, totalBox }));
    await page.getByText('Raw text').click();
    assert.match((await page.locator('.raw-text').textContent())!, /INV-2024-001/);
    await screenshot('document');
  });

  test('set a callback, then a dropped file is delivered to it with channel dashboard', async () => {
    await page.getByRole('link', { name: 'Callback' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Save' }).click();
    assert.match((await page.locator('#one-time-secret').textContent())!, /^whsec_/);

    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    // 100.00 + 22.00 is not 130.00: the totals go to review.
    const pdf = await textPdf([invoice('INV-2024-002', '130.00')]);
    const dataTransfer = await page.evaluateHandle((base64) => {
      // Runs in the page; Node's type library has no DataTransfer.
      const transfer = new (globalThis as unknown as { DataTransfer: new () => { items: { add(file: File): void } } }).DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], 'dropped-002.pdf', { type: 'application/pdf' }));
      return transfer;
    }, pdf.toString('base64'));
    await page.dispatchEvent('[data-testid=dropzone]', 'drop', { dataTransfer });
    await page.getByText('1 of 1 processed').waitFor();
    await page.getByRole('link', { name: 'dropped-002.pdf' }).waitFor();
    await screenshot('documents');

    await receiver.waitFor(1);
    const event = JSON.parse(receiver.requests[0]!.body);
    assert.deepEqual(event.source, { channel: 'dashboard' });
    assert.equal(event.data.filename, 'dropped-002.pdf');

    await page.getByRole('link', { name: 'Callback' }).click();
    await page.locator('.deliveries .badge.delivered').waitFor();
    await screenshot('callback');
  });

  test('the list searches file names, numbers and amounts, and filters by review; review fields are highlighted in the table and on the page', async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    const rows = page.locator('table.documents tbody tr');
    const onlyRow = async (q: string, filename: string) => {
      await page.getByLabel('Search documents').fill(q);
      await page.waitForFunction(`document.querySelectorAll('table.documents tbody tr').length === 1 && document.querySelector('table.documents tbody tr a')?.textContent === ${JSON.stringify(filename)}`);
    };
    await onlyRow('northwind-001', 'northwind-001.pdf');
    await onlyRow('INV-2024-002', 'dropped-002.pdf');
    await onlyRow('130,00', 'dropped-002.pdf');
    assert.equal(await rows.count(), 1);

    await page.getByLabel('Search documents').fill('');
    await page.getByLabel('Filter').selectOption('review');
    // dropped-002.pdf is the newest, so it heads the unfiltered list too: wait for the filtered list alone.
    await page.waitForFunction(
      "document.querySelectorAll('table.documents tbody tr').length === 1 && document.querySelector('table.documents tbody tr a')?.textContent === 'dropped-002.pdf'",
    );

    await rows.locator('a').first().click();
    await page.getByRole('heading', { name: 'dropped-002.pdf' }).waitFor();
    await page.waitForFunction("document.querySelector('.page img')?.complete === true");
    const reviewRows = await page.locator('.fields tr.review code').allTextContents();
    assert.ok(reviewRows.includes('total'), JSON.stringify(reviewRows));
    assert.equal(await page.locator('.region.review[data-field="total"]').count(), 1);
    assert.equal(await page.locator('.region.review[data-field="document_number"]').count(), 0);
    await screenshot('document-review');
  });

  test('mail from an unknown sender is held; approving it in the Email screen turns it into a document (channel email)', async () => {
    await page.getByRole('link', { name: 'Email' }).click();
    const address = (await page.locator('#inbound-address').textContent())!.trim();
    assert.match(address, /^[0-9a-z]{20}@in\.example\.test$/);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    const pdf = await textPdf([invoice('INV-2024-003', '122.00')]);
    await transport.sendMail({ from: 'ap@northwind.example', to: address, subject: 'INV-2024-003', attachments: [{ filename: 'mailed-003.pdf', content: pdf }] });
    transport.close();

    await page.reload();
    const held = page.locator('.senders.held tr[data-sender="ap@northwind.example"]');
    assert.match((await held.textContent())!, /ap@northwind\.example\s*1/);
    await screenshot('email');
    await held.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: 'ap@northwind.example approved; 1 held document queued' }).waitFor();
    await page.locator('.senders.approved tr[data-sender="ap@northwind.example"]').waitFor();

    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    for (let i = 0; i < 100 && !(await page.getByRole('link', { name: 'mailed-003.pdf' }).count()); i++) {
      await page.waitForTimeout(300);
      await page.reload();
    }
    await page.getByRole('link', { name: 'mailed-003.pdf' }).waitFor();
    // The list has no channel column (the public Document has no source); the callback event names it.
    await receiver.waitFor(2);
    const event = JSON.parse(receiver.requests[1]!.body);
    assert.equal(event.source.channel, 'email');
    assert.equal(event.data.filename, 'mailed-003.pdf');
  });

  test('review desk: a wrong total corrected with the keyboard, the document approved, exported and announced', async () => {
    await page.getByRole('link', { name: 'Callback' }).click();
    await page.getByLabel(/Also send/).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved/).waitFor();

    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    await page.getByLabel('Filter').selectOption('review');
    await page.getByRole('link', { name: 'dropped-002.pdf' }).click();
    await page.getByRole('heading', { name: 'dropped-002.pdf' }).waitFor();
    // The fields to review come first: Tab from the top of the fields reaches them before any other.
    assert.equal(await page.locator('.field-group caption').first().textContent(), 'To review');
    const total = page.getByLabel('Total', { exact: true });
    assert.equal(await total.inputValue(), '130');
    await total.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('122.00');
    await page.keyboard.press('Enter');
    await page.waitForFunction("!document.querySelector('.fields tr.review input[name=\"total\"]') && document.querySelector('input[name=\"total\"]')?.value === '122'");
    // The keyboard moved on: to the next field to review, or nowhere when none is left.
    const focused = await page.evaluate("document.activeElement?.getAttribute('name') ?? ''");
    assert.notEqual(focused, 'total');
    await page.getByText('Corrections (1)').click();
    assert.match((await page.locator('.corrections').textContent())!, /Total: 130 → 122, owner@example\.com/);

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: 'Approved by owner@example.com' }).waitFor();
    await screenshot('review-desk');

    await page.getByRole('link', { name: '← Documents' }).click();
    await page.getByLabel('Filter').selectOption('review');
    await page.waitForFunction("![...document.querySelectorAll('table.documents tbody tr a')].some((a) => a.textContent === 'dropped-002.pdf')");

    // The export follows the list's filter: the approved documents, then their line items of January 2024.
    await page.getByLabel('Filter').selectOption('approved');
    const exported = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      return (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/u, '').trim().split('\n');
    };
    const documents = await exported();
    assert.equal(documents.length, 2, documents.join('\n'));
    assert.ok(documents[1]!.includes('dropped-002.pdf') && documents[1]!.includes(',122,') && documents[1]!.includes('approved'), documents[1]);
    await page.getByLabel('Export sheet').selectOption('line_items');
    await page.getByLabel('Export from').fill('2024-01-01');
    await page.getByLabel('Export to').fill('2024-01-31');
    const items = await exported();
    assert.deepEqual(items.slice(1).map((line) => line.includes('INV-2024-002')), [true, true], items.join('\n'));
    assert.match(items[1]!, /Printer paper A4/);

    await receiver.waitFor(3);
    const reviewed = receiver.requests.map((r) => JSON.parse(r.body)).find((e) => e.type === 'document.reviewed');
    assert.equal(reviewed?.data.filename, 'dropped-002.pdf');
    assert.equal(reviewed?.data.extraction.total, 122);
    assert.deepEqual(reviewed?.data.field_status.total, { status: 'read', review: false });
  });

  test('a field is filled by clicking its words on the page; Enter saves it', async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    await page.getByLabel('Filter').selectOption('all');
    await page.getByRole('link', { name: 'northwind-001.pdf' }).click();
    await page.getByRole('heading', { name: 'northwind-001.pdf' }).waitFor();
    await page.getByLabel('Vendor name', { exact: true }).focus();
    await page.getByRole('button', { name: 'Fill from page' }).click();
    // The words lie on the page image where they are printed: "Northwind" left of "Office", on one line.
    const [northwind, office] = [page.getByRole('button', { name: 'word Northwind' }), page.getByRole('button', { name: 'word Office', exact: true })];
    const [first, second] = [(await northwind.boundingBox())!, (await office.boundingBox())!];
    assert.ok(first.x + first.width <= second.x + 1 && Math.abs(first.y - second.y) < 3, JSON.stringify({ first, second }));
    await screenshot('fill-from-page');
    await northwind.click();
    await office.click();
    assert.equal(await page.getByLabel('Vendor name', { exact: true }).inputValue(), 'Northwind Office');
    await page.keyboard.press('Enter');
    await page.getByText('Corrections (1)').click();
    assert.match((await page.locator('.corrections').textContent())!, /Vendor name: Northwind Office Supplies Ltd → Northwind Office, owner@example\.com/);
    await page.getByRole('button', { name: 'Done picking' }).click();
    assert.equal(await page.locator('.word').count(), 0);
    await page.getByRole('link', { name: '← Documents' }).click();
  });

  test('a document\'s original downloads as uploaded; Delete removes it after a confirmation', async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    await page.getByLabel('Filter').selectOption('all');
    await page.getByRole('link', { name: 'northwind-001.pdf' }).click();
    await page.getByRole('heading', { name: 'northwind-001.pdf' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download original' }).click()]);
    assert.equal(download.suggestedFilename(), 'northwind-001.pdf');
    assert.equal((await readFile((await download.path())!)).subarray(0, 5).toString(), '%PDF-');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await page.waitForFunction("![...document.querySelectorAll('table.documents tbody tr a')].some((a) => a.textContent === 'northwind-001.pdf')");
  });
});

if (skip) console.log(`# dashboard browser tests skipped: ${skip}`);
