/**
 * The console's frame on every signed-in screen: a skip link, the navigation (with unread counts),
 * the connection's state, the signed-in agent and sign-out, the offer to turn on desktop
 * notifications, and the tab title with the unread total. Alerts for new chats and visitor
 * messages are played and shown here while the tab is hidden.
 */
import { DocumentTitle } from "./document-title";
import {
  ChartColumn,
  Clock,
  Inbox,
  Mail,
  MessageSquareText,
  Settings,
  ShieldCheck,
  Users,
} from "lucide-react";
import { Suspense, lazy, useEffect, useState, type ReactNode } from "react";
import { useHotkeys } from "react-hotkeys-hook";
import { NavLink, useLocation, useNavigate } from "react-router";
import { brand } from "~/brand";
import { Logo } from "~/components/layout/logo";
import { unreadContactMessages } from "../model/contact-messages-state";
import { missedChats, unreadChatMessages } from "../model/conversation-summaries";
import { useConsole, useConsoleState } from "./console-context";
import { ConnectionBadge } from "./connection-badge";
import { ConsoleAccount } from "./console-account";
import NotificationOffer from "./notification-offer";
import {
  currentNotificationAccess,
  requestNotificationAccess,
  useNotificationAccess,
} from "./notification-access";
import { shortcutKeys } from "./shortcut-keys";
import { isolateText } from "@hourline/contracts/text";

/** The screens only admins open, in the order the sidebar lists them. */
const adminLinks = [
  { to: "/console/agents", icon: Users, label: "Agents" },
  { to: "/console/visitor-data", icon: ShieldCheck, label: "Visitor data" },
  { to: "/console/reports", icon: ChartColumn, label: "Reports" },
  { to: "/console/business-hours", icon: Clock, label: "Business hours" },
] as const;

function screenName(pathname: string, visitorName: (id: number) => string | undefined): string {
  const conversation = /^\/console\/conversations\/(\d+)/.exec(pathname);
  if (conversation) {
    const name = visitorName(Number(conversation[1]));
    return name === undefined ? "Conversation" : isolateText(name);
  }
  if (pathname.startsWith("/console/contacts")) return "Contact messages";
  if (pathname.startsWith("/console/canned-replies")) return "Canned replies";
  if (pathname.startsWith("/console/agents")) return "Agents";
  if (pathname.startsWith("/console/visitor-data")) return "Visitor data";
  if (pathname.startsWith("/console/reports")) return "Reports";
  if (pathname.startsWith("/console/business-hours")) return "Business hours";
  if (pathname.startsWith("/console/settings")) return "Settings";
  return "Inbox";
}

/**
 * Below the wide layout the links sit in one row: a badge appearing beside a link's name would
 * push the links after it (a layout shift), so there it sits on the icon's corner instead.
 */
const cornerBadge =
  "max-lg:absolute max-lg:left-6 max-lg:min-w-4 max-lg:px-1 max-lg:text-[0.625rem] max-lg:leading-4";

function Badge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <span
      className={`${cornerBadge} top-0.5 rounded-full bg-brand-strong text-center font-bold text-on-brand lg:ml-auto lg:min-w-6 lg:px-1.5 lg:text-xs lg:leading-6`}
      aria-label={`${count} ${label}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

// Opened from a button or Alt + /: loaded on first use, so Radix's dialog is not in the first load.
const ShortcutsDialog = lazy(() =>
  import("./shortcuts-dialog").then((m) => ({ default: m.ShortcutsDialog })),
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `relative flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold no-underline transition-colors ${
    isActive ? "bg-brand-soft text-ink" : "text-muted hover:bg-sunken hover:text-ink"
  }`;

export function ConsoleShell({
  children,
  shortcutsOpen,
  onShortcutsOpenChange,
}: {
  children: ReactNode;
  shortcutsOpen: boolean;
  onShortcutsOpenChange: (open: boolean) => void;
}) {
  const { session, alerts, setAlerts } = useConsole();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useConsoleState((s) => s.me);
  const unreadChats = useConsoleState(unreadChatMessages);
  // Missed chats count until someone deals with them: the server's count, once it has answered.
  const missed = useConsoleState((s) => s.counts?.missed ?? missedChats(s));
  const unreadContacts = useConsoleState((s) => unreadContactMessages(s.contacts));
  const access = useNotificationAccess();
  // Mounted from its first opening on, so closing it runs Radix's focus return as before.
  const [shortcutsWanted, setShortcutsWanted] = useState(shortcutsOpen);
  if (shortcutsOpen && !shortcutsWanted) setShortcutsWanted(true);
  const total = unreadChats + missed + unreadContacts;
  // Only the screen's name is read from the conversations, so a change elsewhere redraws nothing.
  const screen = useConsoleState((s) =>
    screenName(pathname, (id) => s.conversations[id]?.visitor_name),
  );
  const title = `${total > 0 ? `(${total}) ` : ""}${screen} · ${brand.name} support`;

  useHotkeys(shortcutKeys.help, () => onShortcutsOpenChange(true), {
    enableOnFormTags: true,
    preventDefault: true,
  });

  // New chats and visitor messages while the agent looks elsewhere: a chime, a notification.
  useEffect(
    () =>
      session.onAlert((alert) => {
        // Read now: by the time the presenter has loaded, the agent may have come back.
        const context = {
          visible: document.visibilityState === "visible",
          prefs: alerts,
          access: currentNotificationAccess(),
          open: (path: string) => void navigate(path),
        };
        void import("./alert-presenter").then((m) => m.presentAlert(alert, context));
      }),
    [session, alerts, navigate],
  );

  return (
    <div className="flex min-h-dvh flex-col bg-canvas md:h-dvh lg:flex-row">
      <DocumentTitle>{title}</DocumentTitle>
      <a
        href="#console-main"
        className="btn btn-primary fixed top-2 left-2 z-[60] -translate-y-20 focus:translate-y-0"
      >
        Skip to content
      </a>
      <header className="flex shrink-0 flex-col border-b border-line bg-surface lg:w-56 lg:border-r lg:border-b-0 xl:w-64">
        <div className="flex items-center justify-between gap-2 px-4 py-3 lg:flex-col lg:items-start">
          <span className="flex items-center gap-2">
            <Logo />
            <span className="rounded-md bg-sunken px-1.5 py-0.5 text-xs font-semibold text-muted">
              Support
            </span>
          </span>
          <ConnectionBadge />
        </div>
        <nav aria-label="Console" className="px-2 pb-2 lg:flex-1">
          <ul className="flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible">
            <li className="shrink-0">
              <NavLink
                to="/console"
                end
                className={({ isActive }) =>
                  navLinkClass({
                    isActive: isActive || pathname.startsWith("/console/conversations/"),
                  })
                }
              >
                <Inbox aria-hidden="true" className="size-5 shrink-0" />
                <span>Inbox</span>
                <Badge count={unreadChats} label="unread chat messages" />
                {missed > 0 ? (
                  <span
                    className={`${cornerBadge} bottom-0.5 rounded-full border border-danger bg-surface font-bold text-danger lg:px-1.5 lg:text-xs lg:leading-5`}
                    data-testid="missed-badge"
                  >
                    {missed}
                    <span className="sr-only"> missed chats</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
            <li className="shrink-0">
              <NavLink to="/console/contacts" className={navLinkClass}>
                <Mail aria-hidden="true" className="size-5 shrink-0" />
                <span>Contact messages</span>
                <Badge count={unreadContacts} label="unread contact messages" />
              </NavLink>
            </li>
            <li className="shrink-0">
              <NavLink to="/console/canned-replies" className={navLinkClass}>
                <MessageSquareText aria-hidden="true" className="size-5 shrink-0" />
                <span>Canned replies</span>
              </NavLink>
            </li>
            {me.role === "admin"
              ? adminLinks.map(({ to, icon: Icon, label }) => (
                  <li key={to} className="shrink-0">
                    <NavLink to={to} className={navLinkClass}>
                      <Icon aria-hidden="true" className="size-5 shrink-0" />
                      <span>{label}</span>
                    </NavLink>
                  </li>
                ))
              : null}
            <li className="shrink-0">
              <NavLink to="/console/settings" className={navLinkClass}>
                <Settings aria-hidden="true" className="size-5 shrink-0" />
                <span>Settings</span>
              </NavLink>
            </li>
          </ul>
        </nav>
        {alerts.desktop && !alerts.offerDismissed && access === "default" ? (
          // Drawn with the frame: on a first visit it is the largest text of the first screen, and
          // waiting for its own code would put that paint after everything else.
          <NotificationOffer
            onEnable={() => {
              void requestNotificationAccess().then(() =>
                setAlerts({ ...alerts, offerDismissed: true }),
              );
            }}
            onDismiss={() => setAlerts({ ...alerts, offerDismissed: true })}
          />
        ) : null}
        <ConsoleAccount onShortcuts={() => onShortcutsOpenChange(true)} />
      </header>
      <main
        id="console-main"
        tabIndex={-1}
        className="flex min-h-0 min-w-0 flex-1 flex-col outline-none"
      >
        {children}
      </main>
      {shortcutsWanted ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={shortcutsOpen} onOpenChange={onShortcutsOpenChange} />
        </Suspense>
      ) : null}
    </div>
  );
}
