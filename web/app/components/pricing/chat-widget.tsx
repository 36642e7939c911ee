import type { Customer } from '@animata/contracts';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';

/**
 * The support address the chat writes to. No third-party chat runs here (decision in
 * decisions-web-pricing.md): the 'chat' is a panel that writes an e-mail to support, prefilled
 * with the customer's name and e-mail when known.
 */
export const SUPPORT_EMAIL = 'support@animata.app';
const OPEN_EVENT = 'animata:open-chat';

export const chatTexts = {
  title: 'Chat with us',
  intro: 'Tell us what you need and we answer by e-mail, usually within a day.',
  send: 'Write to support',
  close: 'Close chat',
  open: 'Open chat',
} as const;

/** 'Got questions? Let's chat!': opens the chat panel (#chat without JavaScript). */
export function ChatLink() {
  return (
    <a href="#chat" className="pricing__chat-link" onClick={openChat}>
      {"Got questions? Let's chat!"}
    </a>
  );
}

function openChat(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/** The mailto: address with the subject and the body (name, e-mail, message). */
export function supportMailto(name: string, email: string, message: string): string {
  const who = [name.trim(), email.trim() ? `<${email.trim()}>` : ''].filter(Boolean).join(' ');
  const subject = who ? `Question about plans from ${who}` : 'Question about plans';
  const body = [
    message.trim(),
    '',
    name.trim() && `Name: ${name.trim()}`,
    email.trim() && `E-mail: ${email.trim()}`,
  ]
    .filter((line, index) => index < 2 || line)
    .join('\n')
    .trim();
  const query = new URLSearchParams({ subject, body }).toString().replace(/\+/g, '%20');
  return `mailto:${SUPPORT_EMAIL}?${query}`;
}

/**
 * The floating chat icon and its panel. Without JavaScript the icon links to #chat and the
 * panel shows by :target; with it, the icon toggles the panel, Escape closes it and the link
 * follows what is typed.
 */
export function ChatWidget({ customer }: { customer: Pick<Customer, 'name' | 'email'> | null }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(customer?.name ?? '');
  const [email, setEmail] = useState(customer?.email ?? '');
  const [message, setMessage] = useState('');
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_EVENT, show);
    return () => window.removeEventListener(OPEN_EVENT, show);
  }, []);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('textarea, input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <a
        href="#chat"
        className="chat-fab"
        aria-label={chatTexts.open}
        aria-expanded={open}
        onClick={(event) => {
          event.preventDefault();
          setOpen((value) => !value);
        }}
      >
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A2.5 2.5 0 0 1 4 13.5z"
            fill="currentColor"
          />
        </svg>
      </a>
      <aside
        id="chat"
        ref={panel}
        className="chat-panel"
        data-open={open || undefined}
        role="dialog"
        aria-labelledby={titleId}
      >
        <header className="chat-panel__header">
          <h2 id={titleId}>{chatTexts.title}</h2>
          <a
            href="#main"
            className="chat-panel__close"
            aria-label={chatTexts.close}
            onClick={(event) => {
              event.preventDefault();
              setOpen(false);
            }}
          >
            ×
          </a>
        </header>
        <p className="muted">{chatTexts.intro}</p>
        <label className="chat-panel__field">
          <span>Name</span>
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="name"
          />
        </label>
        <label className="chat-panel__field">
          <span>Email</span>
          <input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="email"
          />
        </label>
        <label className="chat-panel__field">
          <span>Message</span>
          <textarea rows={4} value={message} onChange={(event) => setMessage(event.target.value)} />
        </label>
        <a className="button button--primary" href={supportMailto(name, email, message)}>
          {chatTexts.send}
        </a>
      </aside>
    </>
  );
}
