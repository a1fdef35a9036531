import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
} from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LOCALES, STORAGE_KEYS, type Locale } from '@mm/shared';
import { LocaleLink, useLocale } from '../../lib/links';
import { languageLabelKeys } from '../../lib/languages';
import { storage } from '../../lib/storage';
import { languageHref } from './language-switch';
import { menus, parentSiteUrl, type NavItem } from './nav-items';

// The header's pop-up parts (a wide header's drop-down menus, a small header's drawer): loaded after
// the first paint, see header.tsx.

/** The drop-down menu of one header item; open while `anchor` is set. */
export function NavMenu({
  id,
  item,
  anchor,
  onClose,
}: {
  id: string;
  item: NavItem;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = onClose;
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={close} disableRestoreFocus>
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
  );
}

/**
 * Spec §2 language switch: stores `mm_lang`, clears the stored parameters, and reloads the same
 * page with the same query in the chosen language.
 */
function useSwitchLanguage() {
  const location = useLocation();
  return (lng: Locale) => {
    storage.setLanguage(lng);
    sessionStorage.removeItem(STORAGE_KEYS.params);
    localStorage.removeItem(STORAGE_KEYS.params);
    window.location.assign(languageHref(lng, location.pathname, location.search, location.hash));
  };
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

/** The small-screen header's drawer: every menu, the languages and the account links. */
export function NavDrawer({ open, onClose, account }: { open: boolean; onClose: () => void; account: NavItem[] }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const switchTo = useSwitchLanguage();
  const close = onClose;
  return (
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
  );
}
