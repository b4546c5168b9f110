import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  BadgeCheckIcon,
  BanIcon,
  BellRingIcon,
  ChartColumnIcon,
  ClockIcon,
  FileCheckIcon,
  FileUpIcon,
  HandshakeIcon,
  KanbanIcon,
  LayoutDashboardIcon,
  ListChecksIcon,
  LoaderCircleIcon,
  LogOutIcon,
  type LucideIcon,
  MenuIcon,
  MessageSquareTextIcon,
  SendIcon,
  ShieldCheckIcon,
  StoreIcon,
  UserCogIcon,
  UserRoundIcon,
  UsersIcon,
  XIcon,
} from 'lucide-react';
import { createContext, type ReactNode, useContext, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { BrandLogo } from '#client/components/brand-logo.tsx';
import { LanguageMenu } from '#client/components/language-menu.tsx';
import { SkipLink } from '#client/components/skip-link.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CreatorFinder } from '#client/features/creators/components/creator-finder.tsx';
import { SavedViewsNav } from '#client/features/creators/components/saved-views-nav.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { isInToastArea } from '#client/lib/toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useFocusOnNavigation } from '#client/lib/use-focus-on-navigation.ts';
import { type AdminRole, can, type Permission } from '#shared/admin-roles.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';

const STATUS_ICONS = {
  pending: ClockIcon,
  stage2_sent: SendIcon,
  stage2_submitted: FileCheckIcon,
  listed: StoreIcon,
  matched: HandshakeIcon,
  finalized: BadgeCheckIcon,
  cancelled: BanIcon,
} as const satisfies Record<CreatorStatus, LucideIcon>;

/**
 * What the shell needs from the signed-in session: who is signed in and how to sign out. The route guard
 * (features/auth, wired in the router) provides it, so this shared layout never imports a feature.
 */
export interface AdminSessionControls {
  username: string | null;
  role: AdminRole | null;
  /** REQUIRE_2FA holds this admin on their account page until they enrol: the menu shows nothing else. */
  mustEnrolTwoFactor: boolean;
  /** The server can e-mail applicants (SMTP is configured), so "Send Stage 2" may e-mail the link. */
  canEmailApplicants?: boolean;
  logout: () => void;
  isLoggingOut: boolean;
}

const AdminSessionContext = createContext<AdminSessionControls | null>(null);

export const AdminSessionProvider = AdminSessionContext.Provider;

/** The signed-in session as the guard provides it; null outside one. */
export function useAdminSession(): AdminSessionControls | null {
  return useContext(AdminSessionContext);
}

type MenuState = readonly [isOpen: boolean, setIsOpen: (isOpen: boolean) => void];
const AdminMenuContext = createContext<MenuState | null>(null);

/**
 * Holds the phone menu's open state above the screens: the shell drawn while a screen's code loads and the
 * screen's own shell are two layouts, and a menu opened in the first stays open in the second instead of
 * closing under the finger when the screen arrives. It is open on the page it was opened on only: going to
 * another page, by its links or otherwise, closes it.
 */
export function AdminMenuProvider({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const state: MenuState = [openOn === location, (isOpen) => setOpenOn(isOpen ? location : null)];
  return <AdminMenuContext.Provider value={state}>{children}</AdminMenuContext.Provider>;
}

/** The phone menu's state: the provider's when there is one, else this layout's own. */
function useMenuState(): MenuState {
  const shared = useContext(AdminMenuContext);
  const own = useState(false);
  return shared ?? own;
}

/**
 * Whether the signed-in admin's role allows something (null: nothing beyond being signed in), so screens hide
 * what the server would refuse. Outside a session (a component rendered alone) nothing is hidden: the server
 * decides either way.
 */
export function usePermissions(): (permission: Permission | null) => boolean {
  const role = useContext(AdminSessionContext)?.role;
  return (permission) => permission === null || !role || can(role, permission);
}

export function useCan(permission: Permission | null): boolean {
  return usePermissions()(permission);
}

interface NavLinkProps {
  href: string;
  icon: LucideIcon;
  children: ReactNode;
  onNavigate?: (() => void) | undefined;
  /** Given when the page is this link's in more ways than its address says. */
  isHere?: boolean | undefined;
}

/** Whether the address is this link's: its path, and its query when it has one (a narrowed view of a page). */
function useIsHere(href: string): boolean {
  const [location] = useLocation();
  const search = useSearch();
  const [path, query] = href.split('?');
  return location === path && (query === undefined || query === search);
}

function NavLink({ href, icon: Icon, children, onNavigate, isHere }: NavLinkProps) {
  const isLinkHere = useIsHere(href);
  const isActive = isHere ?? isLinkHere;
  return (
    <Link
      href={href}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isActive
          ? 'bg-secondary text-secondary-foreground'
          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </Link>
  );
}

/**
 * The admin menu of product §2: dashboard, recruiters, then one entry per creator status; owners also manage
 * admins, the message templates and imports, and every admin reaches their own account.
 */
const MY_CREATORS = '/admin/board?assignee=me';

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const session = useContext(AdminSessionContext);
  const canManageAdmins = useCan('manageAdmins');
  const canManageTemplates = useCan('manageTemplates');
  const canManageLists = useCan('manageLists');
  const canImport = useCan('importCreators');
  // My creators is the board narrowed: there, it is the entry shown as the page, not Board.
  const isOnBoard = useIsHere('/admin/board');
  const isOnMine = useIsHere(MY_CREATORS);
  if (session?.mustEnrolTwoFactor) {
    return (
      <nav aria-label={t('nav.adminNavigation')} className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto p-3">
        <NavLink href="/admin/account" icon={UserCogIcon} onNavigate={onNavigate}>
          {ta('nav.account')}
        </NavLink>
      </nav>
    );
  }
  return (
    <nav aria-label={t('nav.adminNavigation')} className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto p-3">
      <NavLink href="/admin/dashboard" icon={LayoutDashboardIcon} onNavigate={onNavigate}>
        {t('nav.dashboard')}
      </NavLink>
      <NavLink href="/admin/recruiters" icon={UsersIcon} onNavigate={onNavigate}>
        {t('nav.recruiters')}
      </NavLink>
      <NavLink href="/admin/insights" icon={ChartColumnIcon} onNavigate={onNavigate}>
        {ta('nav.insights')}
      </NavLink>
      {canManageAdmins && (
        <NavLink href="/admin/admins" icon={ShieldCheckIcon} onNavigate={onNavigate}>
          {ta('nav.admins')}
        </NavLink>
      )}
      {/* Reviewers read the templates in the contact dialog; the page, theirs to open, shows them read-only. */}
      {canManageTemplates && (
        <NavLink href="/admin/templates" icon={MessageSquareTextIcon} onNavigate={onNavigate}>
          {ta('nav.templates')}
        </NavLink>
      )}
      {canManageLists && (
        <NavLink href="/admin/lists" icon={ListChecksIcon} onNavigate={onNavigate}>
          {ta('nav.lists')}
        </NavLink>
      )}
      {canImport && (
        <NavLink href="/admin/import" icon={FileUpIcon} onNavigate={onNavigate}>
          {ta('nav.import')}
        </NavLink>
      )}
      <NavLink href="/admin/deliveries" icon={BellRingIcon} onNavigate={onNavigate}>
        {ta('nav.deliveries')}
      </NavLink>
      <NavLink href="/admin/account" icon={UserCogIcon} onNavigate={onNavigate}>
        {ta('nav.account')}
      </NavLink>
      <p className="mt-4 mb-1 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        {t('nav.creators')}
      </p>
      {/* One's own creators (decision 063): the board narrowed to them, by status, with the due and overdue. */}
      <NavLink href={MY_CREATORS} icon={UserRoundIcon} onNavigate={onNavigate}>
        {ta('nav.mine')}
      </NavLink>
      {/* Every status at once, cards moved between columns (decision 063). */}
      <NavLink href="/admin/board" icon={KanbanIcon} onNavigate={onNavigate} isHere={isOnBoard && !isOnMine}>
        {ta('nav.board')}
      </NavLink>
      {CREATOR_STATUSES.map((status) => (
        <NavLink key={status} href={`/admin/creators/${status}`} icon={STATUS_ICONS[status]} onNavigate={onNavigate}>
          {t(`status.${status}`)}
        </NavLink>
      ))}
      <SavedViewsNav onNavigate={onNavigate} />
    </nav>
  );
}

function SidebarHeader() {
  return (
    <div className="flex h-16 shrink-0 items-center border-b px-4">
      <Link
        href="/admin/dashboard"
        className="-m-1 min-w-0 rounded-lg p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <BrandLogo />
      </Link>
    </div>
  );
}

/** Product §2: the menu ends with Logout; the signed-in name sits above it so a shared screen shows whose it is. */
function SidebarFooter() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const session = useContext(AdminSessionContext);
  if (!session) return null;
  return (
    <div className="shrink-0 border-t p-3">
      {session.username && (
        <p className="truncate px-3 pb-2 text-xs text-muted-foreground">
          {ta('shell.signedInAs', { username: session.username })}
        </p>
      )}
      <Button variant="subtle" size="menu" onClick={session.logout} disabled={session.isLoggingOut}>
        {session.isLoggingOut ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <LogOutIcon aria-hidden="true" />
        )}
        {t('nav.logout')}
      </Button>
    </div>
  );
}

/** On phones the sidebar is a drawer; it closes itself after a link is followed. */
function MobileNav() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const [isOpen, setIsOpen] = useMenuState();
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={setIsOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="-ms-2 lg:hidden" aria-label={t('nav.openMenu')}>
          <MenuIcon className="size-5" aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out lg:hidden" />
        {/* Toasts show above the drawer at the screen's bottom: its menu and Logout move up out of their way. */}
        <DialogPrimitive.Content
          className="fixed inset-y-0 start-0 z-50 flex w-64 max-w-[85vw] flex-col border-e bg-card pb-(--toasts-height,0px) shadow-xl outline-none transition-[padding] data-[state=open]:animate-drawer-in data-[state=closed]:animate-drawer-out lg:hidden"
          // Closing or swiping away the toast leaves the drawer open.
          onPointerDownOutside={(event) => {
            if (isInToastArea(event)) event.preventDefault();
          }}
        >
          <DialogPrimitive.Title className="sr-only">{ta('panel')}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t('nav.adminNavigation')}</DialogPrimitive.Description>
          <SidebarHeader />
          <AdminNav onNavigate={() => setIsOpen(false)} />
          <SidebarFooter />
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" className="absolute end-2 top-3" aria-label={t('common.close')}>
              <XIcon className="size-5" aria-hidden="true" />
            </Button>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * The admin shell of product §2: a 16rem sidebar fixed on desktop, a drawer on phones, and a top bar with the
 * page title (the page's h1).
 */
export function AdminLayout({
  title,
  actions,
  children,
  isPlaceholder = false,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
  /** The shell shown while a screen's code loads: it keeps the menu on screen but leaves focus to the screen. */
  isPlaceholder?: boolean;
}) {
  useDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnNavigation(heading, !isPlaceholder);
  return (
    <div className="min-h-dvh bg-muted/40">
      <SkipLink />
      <aside className="fixed inset-y-0 start-0 z-30 hidden w-64 flex-col border-e bg-card lg:flex">
        <SidebarHeader />
        <AdminNav />
        <SidebarFooter />
      </aside>
      <div className="flex min-h-dvh flex-col lg:ps-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b bg-card/90 px-4 backdrop-blur sm:px-6">
          <MobileNav />
          {/* Two lines on phones, where the menu button and language picker leave little room; one line above. */}
          <h1
            ref={heading}
            tabIndex={-1}
            className="line-clamp-2 min-w-0 flex-1 text-base font-semibold leading-tight tracking-tight outline-none sm:line-clamp-1 sm:text-xl"
          >
            {title}
          </h1>
          <CreatorFinder />
          {actions}
          {/* On phones the flag alone, so the page title keeps its room; the button's name still says the language. */}
          <LanguageMenu className="max-sm:[&>span]:hidden" />
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
