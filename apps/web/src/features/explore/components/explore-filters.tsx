import FilterListIcon from '@mui/icons-material/FilterList';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import {
  Box,
  Button,
  Checkbox,
  Collapse,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ROLE_ID,
  LIFESTAGE_IDS,
  SMALL_SCREEN_BREAKPOINT,
  type ExploreFilters,
  type LoadParams,
} from '@mm/shared';
import { useSession } from '../../../entities/session/session-context';
import { activeFilterCount } from '../utils/explore-url';
import { DateRangeFilter } from './date-range-filter';
import { LazyMilkweedFilter as MilkweedFilter } from './lazy-milkweed-filter';
import { PlaceFilter } from './place-filter';
import { UsernameFilter } from './username-filter';

interface ExploreFiltersProps {
  filters: ExploreFilters;
  params: LoadParams | undefined;
  onChange: (patch: Partial<ExploreFilters>) => void;
  onReset: () => void;
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

const Cell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Box sx={{ gridColumn: wide ? { md: 'span 2' } : undefined, minWidth: 0 }}>{children}</Box>
);

/**
 * The Explore filters: dates, life stage, milkweed, country and province, observer,
 * Flash or Mission, with photos only, flagged records left out (docs/adr/0035), and for admins the status. Folded behind a button on phones.
 */
export function ExploreFiltersPanel({ filters, params, onChange, onReset }: ExploreFiltersProps) {
  const { t } = useTranslation('explore');
  const { user } = useSession();
  const small = useMediaQuery(`(max-width:${SMALL_SCREEN_BREAKPOINT}px)`, { noSsr: true });
  const [open, setOpen] = useState(false);
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
              checked={filters.exclude_flagged === true}
              onChange={(e) => onChange({ exclude_flagged: e.target.checked || undefined })}
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
        <Collapse in={open} id={panelId} mountOnEnter>
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
