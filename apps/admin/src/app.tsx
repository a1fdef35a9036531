import ChecklistIcon from '@mui/icons-material/Checklist';
import DownloadIcon from '@mui/icons-material/Download';
import EmailIcon from '@mui/icons-material/Email';
import EventIcon from '@mui/icons-material/Event';
import UnsubscribeIcon from '@mui/icons-material/Unsubscribe';
import HistoryIcon from '@mui/icons-material/History';
import LocalFloristIcon from '@mui/icons-material/LocalFlorist';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleIcon from '@mui/icons-material/People';
import PlaceIcon from '@mui/icons-material/Place';
import StraightenIcon from '@mui/icons-material/Straighten';
import TuneIcon from '@mui/icons-material/Tune';
import VisibilityIcon from '@mui/icons-material/Visibility';
import BarChartIcon from '@mui/icons-material/BarChart';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { lazy, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Route } from 'react-router';
import {
  Admin,
  AppBar,
  CustomRoutes,
  Layout,
  LocalesMenuButton,
  Loading,
  Resource,
  TitlePortal,
  defaultTheme,
  useLocaleState,
  useLogin,
  useTranslate,
  type I18nProvider,
  type LayoutProps,
} from 'react-admin';
import { SUB_PATH } from '@mm/shared';
import { authProvider } from './providers/auth-provider';
import { dataProvider, followLocale } from './providers/data-provider';
import { useMonarchI18nProvider } from './providers/i18n';
import { queryClient } from './providers/query-client';
import { session } from './providers/session';
import { showSignInForm } from './sign-in-form';
import { PanelTitle } from './title';

/**
 * A screen loaded with its own code when first shown (the panel's entry holds react-admin and
 * the layout; the dashboard's charts and each resource's screens are separate chunks). react-admin's
 * Layout shows its progress bar meanwhile.
 */
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
const resources = {
  observations: () => import('./resources/observations'),
  records: () => import('./resources/records'),
  users: () => import('./resources/users'),
  logs: () => import('./resources/logs'),
  reference: () => import('./resources/reference'),
  blitz: () => import('./resources/blitz-events'),
};
const Dashboard = lazy(async () => ({ default: (await import('./dashboard')).Dashboard }));
const ObservationList = screen(resources.observations, 'ObservationList');
const ObservationShow = screen(resources.observations, 'ObservationShow');
const ObservationEdit = screen(resources.observations, 'ObservationEdit');
const ChecklistList = screen(resources.records, 'ChecklistList');
const ChecklistShow = screen(resources.records, 'ChecklistShow');
const ChecklistEdit = screen(resources.records, 'ChecklistEdit');
const SiteList = screen(resources.records, 'SiteList');
const SiteShow = screen(resources.records, 'SiteShow');
const SiteEdit = screen(resources.records, 'SiteEdit');
const UserList = screen(resources.users, 'UserList');
const UserShow = screen(resources.users, 'UserShow');
const UserEdit = screen(resources.users, 'UserEdit');
const AuditList = screen(resources.logs, 'AuditList');
const DownloadList = screen(resources.logs, 'DownloadList');
const MessageList = screen(resources.logs, 'MessageList');
const MessageShow = screen(resources.logs, 'MessageShow');
const FailedEmailList = screen(resources.logs, 'FailedEmailList');
// With the reference screens' chunk: another dynamic import would cost the entry its preload map.
const DatasetEdit = screen(resources.reference, 'DatasetEdit');
const BlitzEventList = screen(resources.blitz, 'BlitzEventList');
const BlitzEventCreate = screen(resources.blitz, 'BlitzEventCreate');
const BlitzEventEdit = screen(resources.blitz, 'BlitzEventEdit');
/** A reference screen (`referenceList('named')` …), made once its module is loaded. */
const referenceScreen = (make: 'referenceList' | 'referenceCreate' | 'referenceEdit', kind: 'named' | 'milkweed') =>
  lazy(async () => ({ default: (await resources.reference())[make](kind) as ComponentType }));

type AriaOwner = { 'aria-label'?: string };

/**
 * Museum orange and the quality-flag warning colour, darkened for 4.5:1 contrast on white and on
 * hovered rows, and two accessibility fixes found by axe:
 * react-admin's row checkbox passes `aria-label` to MUI's Checkbox root (a span) where MUI ≥ 6 no
 * longer forwards it to the input, so the theme moves it to the input; the empty-list message uses
 * the "disabled" grey (2.5:1), so it gets the secondary text colour.
 */
const theme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#a34a0b' },
    secondary: { main: '#2f5d34' },
    warning: { main: '#9a4a00' },
  },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (owner: AriaOwner) => (owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
        },
      },
    },
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    // A screen never grows wider than the window: the page's flex children may shrink below their
    // content (a wide table, a dashboard chart), and a list's table scrolls sideways inside its card,
    // so its filters, "Add filter" and "Rows per page" stay in view (1280 px desktop, 375 px phone).
    RaLayout: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
        },
      },
    },
    RaList: {
      styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } },
    },
  },
};

/**
 * The theme with a name for every progress spinner (axe `aria-progressbar-name`: react-admin's loading
 * indicator draws a bare CircularProgress), in the panel's language.
 */
const themeWithLoadingLabel = (label: string) => ({
  ...theme,
  components: { ...theme.components, MuiCircularProgress: { defaultProps: { 'aria-label': label } } },
});

/** A link back to the public site, in the panel's language. */
function SiteLink() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = translate('mm.back_to_site');
  if (small) {
    return (
      <IconButton color="inherit" href={`${SUB_PATH}/${locale}/`} aria-label={label} title={label}>
        <OpenInNewIcon />
      </IconButton>
    );
  }
  return (
    <Button color="inherit" href={`${SUB_PATH}/${locale}/`} endIcon={<OpenInNewIcon />} sx={{ textTransform: 'none' }}>
      {label}
    </Button>
  );
}

/** On a phone the screen's title wraps in a smaller type rather than being cut after a few letters. */
const phoneTitle = {
  '@media (max-width: 599.95px)': { fontSize: '1rem', lineHeight: 1.2, whiteSpace: 'normal', overflow: 'visible' },
};

/**
 * The panel's bar: the screen's title, the way back to the site, the language and the account. On a
 * phone the reload button goes (the browser reloads as well), so that the title has room.
 */
function MonarchAppBar() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar toolbar={small ? <LocalesMenuButton /> : undefined}>
      <TitlePortal sx={phoneTitle} />
      <SiteLink />
    </AppBar>
  );
}

const MonarchLayout = (props: LayoutProps) => <Layout {...props} appBar={MonarchAppBar} />;

/**
 * react-admin's login page (`#/login`, after signing out or when a session ends): the same form the
 * entry shows before the panel loads (docs/adr/0040), signing in through react-admin so that it then
 * opens the screen asked for.
 */
function SignInPage() {
  const login = useLogin();
  // The form is drawn once: a new `login` (react-admin's callback) must not clear what was typed.
  const loginRef = useRef(login);
  useEffect(() => {
    loginRef.current = login;
  }, [login]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      box.current
        ? showSignInForm(box.current, { submit: (username, password) => loginRef.current({ username, password }) })
        : undefined,
    [],
  );
  return <div ref={box} />;
}

const named = {
  list: referenceScreen('referenceList', 'named'),
  create: referenceScreen('referenceCreate', 'named'),
  edit: referenceScreen('referenceEdit', 'named'),
};
const milkweeds = {
  list: referenceScreen('referenceList', 'milkweed'),
  create: referenceScreen('referenceCreate', 'milkweed'),
  edit: referenceScreen('referenceEdit', 'milkweed'),
};

/**
 * The admin panel at /mmadmin/#/dashboard. Admins see every screen; Region admins the
 * dashboard, observations, checklists and sites of their provinces (README "Roles").
 */
export function App() {
  const base = useMonarchI18nProvider();
  // Set when the panel's language changes; before that, the language it opened in.
  const [loadingLabel, setLoadingLabel] = useState<string>();
  const panelTheme = useMemo(
    () => themeWithLoadingLabel(loadingLabel ?? base?.translate('ra.page.loading') ?? ''),
    [loadingLabel, base],
  );
  // The API answers in the panel's language, and the public site follows the choice.
  const i18nProvider = useMemo<I18nProvider | undefined>(() => {
    if (!base) return undefined;
    followLocale(() => base.getLocale());
    return {
      ...base,
      changeLocale: async (locale: string) => {
        session.setLanguage(locale);
        document.documentElement.lang = locale;
        await base.changeLocale(locale);
        setLoadingLabel(base.translate('ra.page.loading'));
      },
    };
  }, [base]);
  useEffect(() => {
    if (base) document.documentElement.lang = base.getLocale();
  }, [base]);
  if (!i18nProvider) return <Loading />;
  return (
    <Admin
      title={<PanelTitle />}
      dataProvider={dataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={MonarchLayout}
      loginPage={SignInPage}
      theme={panelTheme}
      requireAuth
      disableTelemetry
    >
      {(permissions: { isAdmin?: boolean } | undefined) => (
        <>
          <CustomRoutes>
            <Route path="/dashboard" element={<Dashboard />} />
          </CustomRoutes>
          <Resource
            name="observations"
            list={ObservationList}
            show={ObservationShow}
            edit={ObservationEdit}
            icon={VisibilityIcon}
          />
          <Resource
            name="checklists"
            list={ChecklistList}
            show={ChecklistShow}
            edit={ChecklistEdit}
            icon={ChecklistIcon}
          />
          <Resource name="sites" list={SiteList} show={SiteShow} edit={SiteEdit} icon={PlaceIcon} />
          {/* Region admins read milkweed names through this resource but get no screen for it. */}
          <Resource
            name="milkweeds"
            {...(permissions?.isAdmin ? milkweeds : {})}
            icon={LocalFloristIcon}
            recordRepresentation="latin_name"
          />
          <Resource name="auditlog" {...(permissions?.isAdmin ? { list: AuditList } : {})} icon={HistoryIcon} />
          {permissions?.isAdmin && (
            <>
              <Resource
                name="users"
                list={UserList}
                show={UserShow}
                edit={UserEdit}
                icon={PeopleIcon}
                recordRepresentation="username"
              />
              <Resource name="reasons" {...named} icon={TuneIcon} recordRepresentation="name" />
              <Resource name="abundances" {...named} icon={BarChartIcon} recordRepresentation="name" />
              <Resource name="locationsizes" {...named} icon={StraightenIcon} recordRepresentation="name" />
              <Resource
                name="blitz-events"
                list={BlitzEventList}
                create={BlitzEventCreate}
                edit={BlitzEventEdit}
                icon={EventIcon}
                recordRepresentation="name"
              />
              <Resource name="downloads" list={DownloadList} icon={DownloadIcon} />
              <Resource name="messages" list={MessageList} show={MessageShow} icon={EmailIcon} />
              <Resource name="failed-emails" list={FailedEmailList} icon={UnsubscribeIcon} />
              {/* One record, edited where the menu leads (its "list" is the edit form). */}
              <Resource name="dataset" list={DatasetEdit} />
            </>
          )}
        </>
      )}
    </Admin>
  );
}
