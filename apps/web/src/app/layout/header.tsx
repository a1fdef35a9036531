import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { visuallyHidden } from '@mui/utils';
import { AppBar, Box, Button, IconButton, Toolbar, useMediaQuery } from '@mui/material';
import { Suspense, lazy, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE_ID, SMALL_SCREEN_BREAKPOINT } from '@mm/shared';
import { useHydrated } from '../../components/ui/after-hydration';
import { useSession } from '../../entities/session/session-context';
import { useSignOut } from '../../features/auth/use-sign-out';
import { LocaleLink, useLocale } from '../../lib/links';
import { whenIdle } from '../../lib/main-thread';
import { AfterStart } from './after-start';
import { LanguageButtons } from './language-switch';
import { menus, parentSiteUrl, type NavItem } from './nav-items';

const loadMenus = () => import('./header-menus');
/**
 * The outbox strip shows only when entries wait or the browser is offline: its code (IndexedDB) loads once
 * the first screen is drawn (`AfterStart`).
 */
const OutboxStatusBar = lazy(async () => ({
  default: (await import('../../entities/outbox/outbox-status-bar')).OutboxStatusBar,
}));
const NavMenu = lazy(async () => ({ default: (await loadMenus()).NavMenu }));
const NavDrawer = lazy(async () => ({ default: (await loadMenus()).NavDrawer }));

function DropdownMenu({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The focus goes back to the button as soon as the menu closes, not after its closing animation
  // (MUI's own restore would then pull it out of the menu when it is opened again quickly).
  const opener = useRef<HTMLElement | null>(null);
  // A fresh menu on each opening, so it always starts on its first item even when it is opened
  // again while the previous one is still fading out.
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    if (anchor) opener.current = anchor;
    else if (opener.current) {
      opener.current.focus();
      opener.current = null;
    }
  }, [anchor]);
  if (item.external) {
    return (
      <Button color="inherit" href={item.external} target="_blank" rel="noopener">
        {t(item.labelKey)}
      </Button>
    );
  }
  if (item.href) {
    return (
      <Button color="inherit" component={LocaleLink} href={item.href}>
        {t(item.labelKey)}
      </Button>
    );
  }
  const close = () => setAnchor(null);
  const openMenu = (e: MouseEvent<HTMLElement>) => {
    setOpenings((n) => n + 1);
    setAnchor(e.currentTarget);
  };
  const id = `menu-${item.labelKey.replace('.', '-')}`;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="true"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? id : undefined}
        onClick={openMenu}
      >
        {t(item.labelKey)}
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <NavMenu key={openings} id={id} item={item} anchor={anchor} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

function Brand() {
  const { t } = useTranslation();
  return (
    // A Box as the link (MUI's Link with `underline="none"` draws the same), so Link's code stays out of the first render.
    <Box
      component={LocaleLink}
      href="/"
      sx={{
        color: 'inherit',
        textDecoration: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        mr: { xs: 0, sm: 2 },
        minWidth: 0,
      }}
    >
      <span className="mm-monarch" style={{ width: 36, height: 36 }} />
      {/* On the narrowest phones the name is kept for screen readers only, so Submit data fits beside the logo. */}
      <Box
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: { xs: '1rem', sm: '1.15rem' },
          whiteSpace: 'nowrap',
          '@media (max-width: 439px)': visuallyHidden,
        }}
      >
        {t('app.name')}
      </Box>
    </Box>
  );
}

function AccountLinks() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  // A page the server drew for a session knows no role (docs/adr/0048): the admin's link comes with the app.
  const hydrated = useHydrated();
  if (!user) {
    return (
      <>
        <Button color="inherit" component={LocaleLink} href="/users/signin">
          {t('nav.sign_in')}
        </Button>
        <Button color="inherit" component={LocaleLink} href="/users/signup">
          {t('nav.sign_up')}
        </Button>
      </>
    );
  }
  return (
    <>
      {hydrated && user.role_id === ADMIN_ROLE_ID && (
        <Button color="inherit" href="/mmadmin/#/dashboard">
          {t('nav.admin_panel')}
        </Button>
      )}
      <Button color="inherit" component={LocaleLink} href="/users/myprofile">
        {t('nav.my_profile')}
      </Button>
      {/* Spec §2: in the wide header the sign-out link has an empty target; it acts in place. */}
      <Button color="inherit" onClick={() => void signOut()}>
        {t('nav.sign_out')}
      </Button>
    </>
  );
}

function WideHeader() {
  const { t } = useTranslation();
  const lng = useLocale();
  return (
    <AppBar position="static" color="primary" component="header">
      <Toolbar variant="dense" sx={{ justifyContent: 'flex-end', gap: 1, bgcolor: 'secondary.main', minHeight: 36 }}>
        <Button color="inherit" size="small" href={parentSiteUrl(lng)} target="_blank" rel="noopener">
          {t('nav.parent_site')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <LanguageButtons />
        <AccountLinks />
      </Toolbar>
      <Toolbar component="nav" aria-label={t('nav.main')} sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        <Brand />
        {menus(lng).map((item) => (
          <DropdownMenu key={item.labelKey} item={item} />
        ))}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" color="secondary" component={LocaleLink} href="/submit/submit-data">
          {t('nav.submit_data')}
        </Button>
      </Toolbar>
      <AfterStart>
        <Suspense fallback={null}>
          <OutboxStatusBar />
        </Suspense>
      </AfterStart>
    </AppBar>
  );
}

function SmallHeader() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // The drawer's code loads on the first opening (or when the browser is idle), then stays mounted.
  const [opened, setOpened] = useState(false);
  const close = () => setOpen(false);
  const account: NavItem[] = user
    ? [
        ...(user.role_id === ADMIN_ROLE_ID ? [{ labelKey: 'nav.admin_panel', external: '/mmadmin/#/dashboard' }] : []),
        { labelKey: 'nav.my_profile', href: '/users/myprofile' },
        { labelKey: 'nav.sign_out', href: '/users/signout' },
      ]
    : [
        { labelKey: 'nav.sign_in', href: '/users/signin' },
        { labelKey: 'nav.sign_up', href: '/users/signup' },
      ];
  return (
    <AppBar position="sticky" color="primary" component="header">
      <Toolbar sx={{ gap: 1 }}>
        <Brand />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          color="secondary"
          size="small"
          component={LocaleLink}
          href="/submit/submit-data"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('nav.submit_data')}
        </Button>
        <IconButton
          color="inherit"
          edge="end"
          aria-label={t('nav.open_menu')}
          aria-expanded={open}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <AfterStart>
        <Suspense fallback={null}>
          <OutboxStatusBar />
        </Suspense>
      </AfterStart>
      {opened && (
        <Suspense fallback={null}>
          <NavDrawer open={open} onClose={close} account={account} />
        </Suspense>
      )}
    </AppBar>
  );
}

/** The small screen's header, from the top of the page to SMALL_SCREEN_BREAKPOINT (px). */
const SMALL_ONLY = `@media (min-width:${SMALL_SCREEN_BREAKPOINT + 1}px)`;

/**
 * Header navigation of spec §2, wide or small-screen form (breakpoint 767 px). The server and the
 * hydrating browser write both, each shown by a CSS media query (a page that starts on demand may never
 * hydrate, and the server cannot know the screen's width: its User-Agent guess would draw the wide header
 * on a narrow window, wrapped over three rows); once the app runs, only the one the screen needs, in
 * its box.
 * Hidden with `display: none`, the other is out of the accessibility tree; `display: contents` keeps the
 * small header sticky to the page.
 */
export function Header() {
  // The menus' code is not needed for the first paint: fetched once the browser is idle.
  useEffect(() => whenIdle(() => void loadMenus()), []);
  const hydrated = useHydrated();
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_BREAKPOINT}px)`);
  // The same two boxes before and after: the header shown stays mounted (a press held meanwhile is replayed on it).
  return (
    <>
      <Box sx={{ display: 'contents', [SMALL_ONLY]: { display: 'none' } }}>
        {(!hydrated || small) && <SmallHeader />}
      </Box>
      <Box sx={{ display: 'none', [SMALL_ONLY]: { display: 'contents' } }}>
        {(!hydrated || !small) && <WideHeader />}
      </Box>
    </>
  );
}
