import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Loading, Title, useDataProvider, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { ObservationStatus, type AdminDashboard } from '@mm/shared';
import { takePrefetchedDashboard } from './dashboard-prefetch';
import type { MonarchDataProvider } from './providers/data-provider';

// The charts (@mui/x-charts, most of the dashboard's code) and the admins' downloads panel load after
// the figures are drawn, each in a box of its height meanwhile (docs/adr/0040).
const WeeklySubmissionsChart = lazy(async () => ({
  default: (await import('./weekly-submissions-chart')).WeeklySubmissionsChart,
}));
const DownloadsPerReason = lazy(async () => ({
  default: (await import('./downloads-per-reason')).DownloadsPerReason,
}));
/** The chart's height (px), as `CHART_HEIGHT` of weekly-submissions-chart.tsx, which this chunk must not import. */
const CHART_HEIGHT = 260;
/** The dashboard's answer checked with its shared zod schema, loaded beside the request rather than before it. */
const dashboardSchema = async () => (await import('./shared-schemas')).adminDashboardSchema;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Counts per status as a compact definition list. */
function StatusCounts({ rows }: { rows: AdminDashboard['week'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (rows.length === 0) return <Typography color="text.secondary">{translate('mm.dashboard.none')}</Typography>;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, m: 0 }}>
      {rows.map((r) => (
        <Box key={r.status_id} sx={{ display: 'contents' }}>
          <dt>{translate(`mm.status.${r.status_id}`)}</dt>
          <Box component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {r.count.toLocaleString(locale)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * `#/dashboard`: the vetting queue at a glance. Region admins see their provinces only,
 * without users or page views.
 */
export function Dashboard() {
  const dataProvider = useDataProvider<MonarchDataProvider>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = usePermissions<{ isAdmin?: boolean }>();
  const { data } = useQuery({
    queryKey: ['dashboard'],
    // The entry may have asked already (dashboard-prefetch.ts); otherwise, or when that failed, ask now.
    queryFn: async () => {
      const answer = async () => (await takePrefetchedDashboard()) ?? dataProvider.dashboard();
      const [schema, body] = await Promise.all([dashboardSchema(), answer()]);
      return schema.parse(body);
    },
  });
  if (!data) return <Loading />;
  const pendingFilter = encodeURIComponent(JSON.stringify({ status: ObservationStatus.Pending }));
  return (
    // minmax(0, 1fr): a column never grows to its content's width (a long locality or username from the
    // volunteers, the chart), which would push the counts beyond a phone's screen; long words wrap.
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        overflowWrap: 'anywhere',
        mt: 2,
      }}
    >
      <Title title="mm.dashboard.title" />
      <Panel title={translate('mm.dashboard.pending')}>
        <Typography variant="h3" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {data.pending.toLocaleString(locale)}
        </Typography>
        <Link component={RouterLink} to={`/observations?filter=${pendingFilter}`}>
          {translate('mm.dashboard.review_pending')}
        </Link>
      </Panel>
      <Panel title={translate('mm.dashboard.this_week')}>
        <StatusCounts rows={data.week} />
      </Panel>
      <Panel title={translate('mm.dashboard.this_month')}>
        <StatusCounts rows={data.month} />
      </Panel>
      <Box sx={{ gridColumn: { md: 'span 3' } }}>
        <Panel title={translate('mm.dashboard.per_week')}>
          {data.per_week.length === 0 ? (
            <Typography color="text.secondary">{translate('mm.dashboard.none')}</Typography>
          ) : (
            <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
              <WeeklySubmissionsChart weeks={data.per_week} />
            </Suspense>
          )}
        </Panel>
      </Box>
      <Panel title={translate('mm.dashboard.newest_observations')}>
        <List dense disablePadding>
          {data.newest_observations.map((o) => (
            <ListItem key={o.id} disablePadding>
              <ListItemButton component={RouterLink} to={`/observations/${o.id}/show`}>
                <ListItemText
                  primary={`${o.locality ?? '—'} · ${o.numbers}`}
                  secondary={`${o.checklist_date} · ${o.username ?? '—'} · ${translate(`mm.status.${o.observationstatus_id}`)}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Panel>
      {data.newest_users.length > 0 && (
        <Panel title={translate('mm.dashboard.newest_users')}>
          <List dense disablePadding>
            {data.newest_users.map((u) => (
              <ListItem key={u.id} disablePadding>
                <ListItemButton component={RouterLink} to={`/users/${u.id}/show`}>
                  <ListItemText
                    primary={u.username}
                    secondary={`${u.first_name ?? ''} ${u.last_name ?? ''} · ${translate(`mm.role.${u.role_id}`)}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Panel>
      )}
      {permissions?.isAdmin && (
        <Box sx={{ gridColumn: { md: 'span 3' } }}>
          <Panel title={translate('mm.dashboard.downloads.title')}>
            <Suspense fallback={<Box sx={{ minHeight: CHART_HEIGHT }} />}>
              <DownloadsPerReason />
            </Suspense>
          </Panel>
        </Box>
      )}
      {data.top_pages.length > 0 && (
        <Panel title={translate('mm.dashboard.top_pages')}>
          <Box
            component="table"
            sx={{ width: '100%', borderCollapse: 'collapse', '& td, & th': { py: 0.5, textAlign: 'left' } }}
          >
            <thead>
              <tr>
                <th scope="col">{translate('mm.dashboard.page')}</th>
                <Box component="th" scope="col" sx={{ textAlign: 'right !important' }}>
                  {translate('mm.dashboard.views')}
                </Box>
              </tr>
            </thead>
            <tbody>
              {data.top_pages.map((p) => (
                <tr key={p.path}>
                  <Box component="td" sx={{ wordBreak: 'break-all' }}>
                    {p.path}
                  </Box>
                  <Box component="td" sx={{ textAlign: 'right !important', fontVariantNumeric: 'tabular-nums' }}>
                    {p.views.toLocaleString(locale)}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Panel>
      )}
    </Box>
  );
}
