import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { visuallyHidden } from '@mui/utils';
import {
  AppBar,
  Box,
  Button,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Toolbar,
  useMediaQuery,
} from '@mui/material';
import { Fragment, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE_ID, LOCALES, SMALL_SCREEN_BREAKPOINT } from '@mm/shared';
import { MmImage } from '../../components/ui/mm-image';
import { useSession } from '../../entities/session/session-context';
import { OutboxStatusBar } from '../../entities/outbox/outbox-status-bar';
import { useSignOut } from '../../features/auth/use-sign-out';
import { LocaleLink, useLocale } from '../../lib/links';
import { languageLabelKeys } from '../../lib/languages';
import { LanguageButtons, useSwitchLanguage } from './language-switch';
import { menus, parentSiteUrl, type NavItem } from './nav-items';

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
      <Menu key={openings} id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={close} disableRestoreFocus>
        {/* Items stay direct children of the menu so the arrow keys reach every one; a submenu's
            heading (Steps) is shown, not focused, and its items carry it in their names. */}
        {item.children?.flatMap((child) =>
          child.children
            ? [
                <ListSubheader key={child.labelKey} role="presentation" aria-hidden="true" sx={{ lineHeight: '32px' }}>
                  {t(child.labelKey)}
                </ListSubheader>,
                ...child.children.map((leaf) => (
                  <MenuItem
                    key={leaf.labelKey}
                    component={LocaleLink}
                    href={leaf.href ?? '/'}
                    onClick={close}
                    sx={{ pl: 4 }}
                    aria-label={`${t(child.labelKey)}: ${t(leaf.labelKey)}`}
                  >
                    {t(leaf.labelKey)}
                  </MenuItem>
                )),
              ]
            : [
                <MenuItem key={child.labelKey} component={LocaleLink} href={child.href ?? '/'} onClick={close}>
                  {t(child.labelKey)}
                </MenuItem>,
              ],
        )}
      </Menu>
    </>
  );
}

function Brand() {
  const { t } = useTranslation();
  return (
    <Link
      component={LocaleLink}
      href="/"
      color="inherit"
      underline="none"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 0, sm: 2 }, minWidth: 0 }}
    >
      <MmImage src="/img/monarch.svg" alt="" width={36} height={36} />
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
    </Link>
  );
}

function AccountLinks() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
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
      {user.role_id === ADMIN_ROLE_ID && (
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
      <OutboxStatusBar />
    </AppBar>
  );
}

function DrawerList({ items, close, depth = 0 }: { items: NavItem[]; close: () => void; depth?: number }) {
  const { t } = useTranslation();
  return items.map((item) => (
    <Fragment key={item.labelKey}>
      {item.children ? (
        <>
          <ListSubheader component="div" sx={{ pl: 2 + depth * 2, lineHeight: '36px' }}>
            {t(item.labelKey)}
          </ListSubheader>
          <DrawerList items={item.children} close={close} depth={depth + 1} />
        </>
      ) : item.external ? (
        <ListItemButton component="a" href={item.external} target="_blank" rel="noopener" sx={{ pl: 2 + depth * 2 }}>
          <ListItemText primary={t(item.labelKey)} />
        </ListItemButton>
      ) : (
        <ListItemButton component={LocaleLink} href={item.href ?? '/'} onClick={close} sx={{ pl: 2 + depth * 2 }}>
          <ListItemText primary={t(item.labelKey)} />
        </ListItemButton>
      )}
    </Fragment>
  ));
}

function SmallHeader() {
  const { t } = useTranslation();
  const lng = useLocale();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const switchTo = useSwitchLanguage();
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
          onClick={() => setOpen(true)}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <OutboxStatusBar />
      <Drawer
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{ paper: { sx: { width: 300 }, 'aria-label': t('nav.main') } }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <IconButton aria-label={t('nav.close_menu')} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        {/* A nav of links, not a list: its subheadings are divs (an <li> outside a <ul> is invalid). */}
        <List component="nav" aria-label={t('nav.main')} dense>
          <ListItemButton component={LocaleLink} href="/" onClick={close}>
            <ListItemText primary={t('nav.home')} />
          </ListItemButton>
          <DrawerList
            items={[...menus(lng), { labelKey: 'nav.parent_site', external: parentSiteUrl(lng) }]}
            close={close}
          />
          <ListSubheader component="div">{t('nav.language')}</ListSubheader>
          {LOCALES.map((l) => (
            <ListItemButton key={l} lang={l} selected={l === lng} onClick={() => switchTo(l)} sx={{ pl: 4 }}>
              <ListItemText primary={t(languageLabelKeys[l])} />
            </ListItemButton>
          ))}
          <ListSubheader component="div">{t('nav.my_profile')}</ListSubheader>
          <DrawerList items={account} close={close} depth={1} />
        </List>
      </Drawer>
    </AppBar>
  );
}

/** Header navigation of spec §2, wide or small-screen form (breakpoint 767 px). */
export function Header() {
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_BREAKPOINT}px)`, { noSsr: true });
  return small ? <SmallHeader /> : <WideHeader />;
}
