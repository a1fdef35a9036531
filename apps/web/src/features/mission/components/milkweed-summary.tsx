import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIFESTAGE_IDS, LIFESTAGE_KEYS, type LifestageKey, type LoadParams } from '@mm/shared';
import { MmImage } from '../../../components/ui/mm-image';
import { useLocale } from '../../../lib/links';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import { photoUrl } from '../../../entities/photo/photo-url';
import { LocalPhoto } from '../../../entities/outbox/local-photo';

/** Label/value pairs as a description list, one column on phones, two on wide screens. */
export function SummaryList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface SummaryPhoto {
  photo_path: string;
  photo_name: string;
  lifestage_id: number;
  /** A picture of a mission not sent yet, shown from its file on this device while `uploaded_at` is null. */
  local_id?: string;
  uploaded_at?: number | null;
  /** The picked file's name, shown when this browser cannot draw the file kept on the device. */
  file_name?: string;
}

interface MilkweedSummaryProps {
  title: string;
  params: LoadParams;
  /** The species; the names fall back to the checklist's own when the species is not in the reference list. */
  species: {
    milkweed_id: number | null;
    english_name?: string | null;
    french_name?: string | null;
    spanish_name?: string | null;
    latin_name?: string | null;
  };
  abundanceId: number | null;
  locationsizeId: number | null;
  /** Monarchs per life stage; null when none were looked for on this row. */
  counts: Record<LifestageKey, number> | null;
  photos: SummaryPhoto[];
  /** Observation statuses of the row (Mission details), shown as chips. */
  statusIds?: number[];
}

/**
 * One milkweed row, read-only: species in the current language and in Latin, abundance, location
 * size, the monarchs counted per life stage, status chips and photo thumbnails.
 */
export function MilkweedSummary({
  title,
  params,
  species,
  abundanceId,
  locationsizeId,
  counts,
  photos,
  statusIds = [],
}: MilkweedSummaryProps) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const ref = params.milkweeds.find((m) => m.milkweed_id === species.milkweed_id);
  const names = { english_name: null, french_name: null, spanish_name: null, latin_name: null, ...species, ...ref };
  const common = species.milkweed_id === null ? t('details.no_milkweed') : (milkweedName(names, lng) ?? '—');
  const named = (list: { id: number; name: string }[], id: number | null) => list.find((o) => o.id === id)?.name ?? '—';
  return (
    <Paper variant="outlined" component="article" aria-label={title} sx={{ p: { xs: 1.5, md: 2 } }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography variant="overline" component="h3" sx={{ lineHeight: 1.6 }}>
            {title}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{common}</Typography>
          {names.latin_name && (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {names.latin_name}
            </Typography>
          )}
        </Box>
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
          {[...new Set(statusIds)].map((s) => (
            <Chip
              key={s}
              size="small"
              variant="outlined"
              color={s === 1 ? 'default' : s === 3 || s === 5 ? 'error' : 'success'}
              label={t(`common:status.${s}`)}
            />
          ))}
        </Stack>
      </Stack>
      {(abundanceId !== null || locationsizeId !== null) && (
        <Box sx={{ mt: 1.5 }}>
          <SummaryList
            items={[
              [t('common:fields.abundance_id'), named(params.abundances, abundanceId)],
              [t('common:fields.locationsize_id'), named(params.locationsizes, locationsizeId)],
            ]}
          />
        </Box>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
          gap: 1,
          m: 0,
          mt: 1.5,
        }}
      >
        {LIFESTAGE_IDS.map((id, i) => (
          <Box key={id} sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`common:lifestage.${id}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: 20, fontWeight: 700 }}>
              {counts ? counts[LIFESTAGE_KEYS[i] ?? 'adults'] : '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      {photos.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          {photos.map((p) =>
            p.local_id && p.uploaded_at === null ? (
              <LocalPhoto
                key={p.photo_name}
                localId={p.local_id}
                alt={t('details.photo_alt', { stage: t(`common:lifestage.${p.lifestage_id}`), milkweed: common })}
                fileName={p.file_name ?? p.photo_name}
              />
            ) : (
              <a key={p.photo_name} href={photoUrl(p, 'large')} target="_blank" rel="noreferrer">
                <MmImage
                  src={photoUrl(p)}
                  alt={t('details.photo_alt', { stage: t(`common:lifestage.${p.lifestage_id}`), milkweed: common })}
                  width={112}
                  height={84}
                  loading="lazy"
                  style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
                />
              </a>
            ),
          )}
        </Stack>
      )}
    </Paper>
  );
}
