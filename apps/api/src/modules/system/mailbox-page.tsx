import type { DevMail } from '@portal/contract';
import { htmlDocument, raw, type Child } from '../../lib/jsx/markup.ts';

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f5fb;color:#1b1f3b}main{max-width:860px;margin:0 auto;padding:24px}h1{color:#2637AA;font-size:22px}
article{background:#fff;border:1px solid #dde1f3;border-radius:8px;margin:12px 0;padding:14px 16px}header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between}
header span{color:#667;font-size:13px}pre{white-space:pre-wrap;font:inherit;margin:10px 0 0}a{color:#2637AA}`;

// A mail's text with its links made clickable: the text between links stays text (escaped by the renderer)
function linkified(text: string): Child[] {
  return text.split(/(https?:\/\/[^\s<]+)/g).map((part, i) => (i % 2 === 1 ? <a href={part}>{part}</a> : part));
}

// Development only: mails the outbox kept because no SMTP server is configured.
export function renderMailboxPage(mails: DevMail[]): string {
  return htmlDocument(
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>Dev mailbox</title>
        <style>{raw(STYLE)}</style>
      </head>
      <body>
        <main>
          <h1>Dev mailbox</h1>
          <p>
            E-mails kept by the outbox because <code>SMTP_URL</code> is not set. Not available in production.
          </p>
          {mails.length === 0 ? (
            <p>No mail yet.</p>
          ) : (
            mails.map((m) => (
              <article>
                <header>
                  <strong>{m.subject}</strong>
                  <span>{`to ${m.to} · ${m.createdAt} · ${m.status}`}</span>
                </header>
                <pre>{linkified(m.text)}</pre>
              </article>
            ))
          )}
        </main>
      </body>
    </html>,
  );
}
