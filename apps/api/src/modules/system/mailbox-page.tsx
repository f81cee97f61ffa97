import type { DevMail } from '@portal/contract';
import { escapeHtml } from '../../lib/html.ts';

function linkify(escaped: string): string {
  return escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
}

// Development only: mails the outbox kept because no SMTP server is configured.
export function renderMailboxPage(mails: DevMail[]): string {
  const items = mails
    .map(
      (m) =>
        `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)} · ${escapeHtml(m.status)}</span></header><pre>${linkify(escapeHtml(m.text))}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f5fb;color:#1b1f3b}main{max-width:860px;margin:0 auto;padding:24px}h1{color:#2637AA;font-size:22px}
article{background:#fff;border:1px solid #dde1f3;border-radius:8px;margin:12px 0;padding:14px 16px}header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between}
header span{color:#667;font-size:13px}pre{white-space:pre-wrap;font:inherit;margin:10px 0 0}a{color:#2637AA}</style></head>
<body><main><h1>Dev mailbox</h1><p>E-mails kept by the outbox because <code>SMTP_URL</code> is not set. Not available in production.</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
}
