import FilterListIcon from '@mui/icons-material/FilterList';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Collapse,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useDeferredValue, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ROLE_ID,
  LIFESTAGE_IDS,
  SMALL_SCREEN_BREAKPOINT,
  type ExploreFilters,
  type LoadParams,
  type Locale,
} from '@mm/shared';
import { useSession } from '../../../entities/session/session-context';
import { useLocale } from '../../../lib/links';
import { useBlitzEvents, type BlitzEventSummary } from '../api/get-blitz-events';
import { activeFilterCount, flaggedLeftOut, flaggedPatch } from '../utils/explore-url';
import { DateRangeFilter } from './date-range-filter';
import { LazyMilkweedFilter as MilkweedFilter } from './lazy-milkweed-filter';
import { PlaceFilter } from './place-filter';
import { UsernameFilter } from './username-filter';

interface ExploreFiltersProps {
  filters: ExploreFilters;
  params: LoadParams | undefined;
  onChange: (patch: Partial<ExploreFilters>) => void;
  onReset: () => void;
  /** Whether the view shown leaves flagged records out when the URL does not say (the density view; docs/adr/0035). */
  flaggedOutByDefault?: boolean;
  /** Whether a phone's folded panel starts open ("Show filters" pressed on the server-drawn first screen). */
  initiallyOpen?: boolean;
}

/** A select whose empty choice means "all". */
function ChoiceFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | number | undefined;
  options: [value: string | number, label: string][];
  onChange: (v: string | undefined) => void;
}) {
  const { t } = useTranslation('explore');
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    >
      <MenuItem value="">{t('filters.all')}</MenuItem>
      {options.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The event's name in the page's language. */
const blitzName = (event: BlitzEventSummary, lng: Locale) =>
  lng === 'fr' ? event.name_fr : lng === 'es' ? event.name_es : event.name;

/**
 * The `blitz_id` filter (a Blitz event's days and area; docs/blitz.md), set by the Blitz page's links
 * rather than by a field: a chip with the event's name in the page's language, removed with its ✕
 * (or Delete). Until the events arrive, or for an unknown id, it names the event by its number.
 */
function BlitzChip({ id, onDelete }: { id: number; onDelete: () => void }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const events = useBlitzEvents();
  const event = events.data?.find((e) => e.id === id);
  return (
    <Chip
      color="primary"
      variant="outlined"
      label={event ? t('filters.blitz', { name: blitzName(event, lng) }) : t('filters.blitz_unknown', { id })}
      onDelete={onDelete}
      sx={{ maxWidth: '100%' }}
    />
  );
}

const Cell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Box sx={{ gridColumn: wide ? { md: 'span 2' } : undefined, minWidth: 0 }}>{children}</Box>
);

/**
 * The Explore filters: dates, life stage, milkweed, country and province, observer,
 * Flash or Mission, with photos only, flagged records left out (docs/adr/0035), and for admins the status;
 * a Blitz event as a removable chip when the URL names one. Folded behind a button on phones.
 */
export function ExploreFiltersPanel({
  filters,
  params,
  onChange,
  onReset,
  flaggedOutByDefault = false,
  initiallyOpen = false,
}: ExploreFiltersProps) {
  const { t } = useTranslation('explore');
  const { user } = useSession();
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_BREAKPOINT}px)`, { noSsr: true });
  const [open, setOpen] = useState(initiallyOpen);
  // The press answers at once (the button's label and state); the fields, ≈ 0.5–0.9 s of a throttled
  // phone's main thread on first opening, are drawn in a background render that yields to the browser
  // (Interaction to Next Paint; docs/adr/0039), and stay mounted once drawn.
  const fieldsOpen = useDeferredValue(open);
  const panelId = useId();
  const count = activeFilterCount(filters);
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const isAdmin = user?.role_id === ADMIN_ROLE_ID;

  const fields = (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(4, minmax(0, 1fr))' },
        alignItems: 'center',
      }}
    >
      {filters.blitz_id !== undefined && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <BlitzChip id={filters.blitz_id} onDelete={() => onChange({ blitz_id: undefined })} />
        </Box>
      )}
      <Cell wide>
        <DateRangeFilter from={filters.date_from} to={filters.date_to} onChange={onChange} />
      </Cell>
      <Cell>
        <ChoiceFilter
          label={t('filters.lifestage')}
          value={filters.lifestage_id}
          options={LIFESTAGE_IDS.map((id) => [id, t(`common:lifestage.${id}`)])}
          onChange={(v) => onChange({ lifestage_id: num(v) })}
        />
      </Cell>
      <Cell>
        <MilkweedFilter
          milkweeds={params?.milkweeds ?? []}
          value={filters.milkweed_id}
          onChange={(milkweed_id) => onChange({ milkweed_id })}
        />
      </Cell>
      <Cell wide>
        {params && (
          <PlaceFilter
            params={params}
            countryId={filters.country_id}
            provinceId={filters.province_id}
            onChange={onChange}
          />
        )}
      </Cell>
      <Cell>
        <UsernameFilter value={filters.username} onChange={(username) => onChange({ username })} />
      </Cell>
      <Cell>
        <ChoiceFilter
          label={t('filters.kind')}
          value={filters.kind}
          options={[
            ['flash', t('filters.kind_flash')],
            ['mission', t('filters.kind_mission')],
          ]}
          onChange={(v) => onChange({ kind: v === 'flash' || v === 'mission' ? v : undefined })}
        />
      </Cell>
      {isAdmin && (
        <Cell>
          <ChoiceFilter
            label={t('filters.status')}
            value={filters.status}
            options={(params?.observationstatus ?? []).map((s) => [s.status_id, s.observation_status])}
            onChange={(v) => onChange({ status: num(v) })}
          />
        </Cell>
      )}
      <Cell>
        <FormControlLabel
          control={
            <Checkbox
              checked={filters.with_photos === true}
              onChange={(e) => onChange({ with_photos: e.target.checked || undefined })}
            />
          }
          label={t('filters.with_photos')}
        />
      </Cell>
      <Cell>
        <FormControlLabel
          control={
            <Checkbox
              checked={flaggedLeftOut(filters, flaggedOutByDefault)}
              onChange={(e) => onChange(flaggedPatch(e.target.checked, flaggedOutByDefault))}
            />
          }
          label={t('filters.exclude_flagged')}
        />
      </Cell>
    </Box>
  );

  const reset = (
    <Button size="small" startIcon={<RestartAltIcon />} onClick={onReset} disabled={count === 0}>
      {t('filters.reset')}
    </Button>
  );

  if (small) {
    return (
      <Box>
        <Button
          variant="outlined"
          aria-expanded={open}
          aria-controls={panelId}
          // A press on the server-rendered page's "Show filters" is pressed again here (`lib/on-demand.ts`).
          data-replay="explore-filters"
          onClick={() => setOpen((o) => !o)}
          startIcon={<FilterListIcon />}
          endIcon={
            count > 0 ? (
              <Box
                component="span"
                sx={{
                  px: 0.75,
                  minWidth: 20,
                  borderRadius: 10,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: 12,
                  lineHeight: '20px',
                  textAlign: 'center',
                }}
              >
                {count}
              </Box>
            ) : undefined
          }
          sx={{ minHeight: 44 }}
        >
          {open ? t('filters.hide') : t('filters.show')}
        </Button>
        {/* The fields are drawn when the panel first opens, not while the page loads. */}
        <Collapse in={fieldsOpen} id={panelId} mountOnEnter>
          <Paper component="section" aria-label={t('filters.title')} sx={{ p: 1.5, mt: 1 }}>
            {fields}
            <Box sx={{ mt: 1 }}>{reset}</Box>
          </Paper>
        </Collapse>
      </Box>
    );
  }
  return (
    <Paper component="section" aria-labelledby={`${panelId}-title`} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography
          id={`${panelId}-title`}
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <FilterListIcon fontSize="small" /> {t('filters.title')}
        </Typography>
        {reset}
      </Stack>
      {fields}
    </Paper>
  );
}
