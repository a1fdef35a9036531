import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LICENSE, isLicenseCode, LICENSES } from '@mm/shared';

/**
 * A record's licence by its translated name, linked to its legal code; an unknown stored
 * code shows as CC BY 4.0, the default every record had before licences could be chosen.
 */
export function LicenseLink({ code }: { code: string }) {
  const { t } = useTranslation('common');
  const license = isLicenseCode(code) ? code : DEFAULT_LICENSE;
  return (
    <Link href={LICENSES[license].url} target="_blank" rel="license noopener noreferrer">
      {t(`licenses.${license}`)}
    </Link>
  );
}
