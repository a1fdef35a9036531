import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toUncertainty } from '../../../components/map/coordinate-uncertainty';
import type { LatLng } from '../../../components/map/location-picker';

type GeoProblem = 'geo_denied' | 'geo_unavailable' | 'geo_timeout' | 'geo_unsupported';

const round = (n: number) => Math.round(n * 1e6) / 1e6;
/** Position options: a fresh-enough fix (≤ 1 min old), at most 15 s of waiting. */
const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

function problemOf(err: GeolocationPositionError): GeoProblem {
  if (err.code === err.PERMISSION_DENIED) return 'geo_denied';
  if (err.code === err.TIMEOUT) return 'geo_timeout';
  return 'geo_unavailable';
}

/**
 * "Use my location": asks the browser for the device's position (navigator.geolocation) and hands
 * it over in WGS84 degrees with its accuracy as the uncertainty (whole metres); a refusal, a missing fix, a timeout or a browser without geolocation
 * shows a translated message instead.
 */
export function UseMyLocationButton({ onLocate }: { onLocate: (p: LatLng) => void }) {
  const { t } = useTranslation();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<GeoProblem | null>(null);

  const locate = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem('geo_unsupported');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onLocate({
          lat: round(pos.coords.latitude),
          lng: round(pos.coords.longitude),
          // The W3C accuracy: radius in metres around the fix at a 95 % confidence level.
          uncertainty: toUncertainty(pos.coords.accuracy),
        });
      },
      (err) => {
        setLocating(false);
        setProblem(problemOf(err));
      },
      GEO_OPTIONS,
    );
  };

  return (
    <Box sx={{ mb: 1 }}>
      <Button variant="outlined" startIcon={<MyLocationIcon />} onClick={locate} disabled={locating}>
        {locating ? t('flash.locating') : t('flash.my_location')}
      </Button>
      {problem && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
          {t(`flash.${problem}`)}
        </Alert>
      )}
    </Box>
  );
}
