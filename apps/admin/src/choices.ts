import { LIFESTAGE_IDS, ObservationStatus, Role } from '@mm/shared';

/** Status, role and life-stage choices; names are translation keys react-admin translates. */
export const STATUS_CHOICES = Object.values(ObservationStatus).map((id) => ({ id, name: `mm.status.${id}` }));
export const ROLE_CHOICES = Object.values(Role).map((id) => ({ id, name: `mm.role.${id}` }));
export const LIFESTAGE_CHOICES = LIFESTAGE_IDS.map((id) => ({ id, name: `mm.lifestage.${id}` }));
export const KIND_CHOICES = [
  { id: 'flash', name: 'mm.kind.flash' },
  { id: 'mission', name: 'mm.kind.mission' },
];
export const FORMAT_CHOICES = ['csv', 'geojson', 'dwca'].map((id) => ({ id, name: `mm.format.${id}` }));
