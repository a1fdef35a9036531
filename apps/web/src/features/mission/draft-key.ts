// Its own module: draft-schema.ts, loaded lazily by draft-storage.ts, reads the same key.
/** localStorage key of the one Mission draft kept on this device. */
export const MISSION_DRAFT_KEY = 'mm_mission_draft';
