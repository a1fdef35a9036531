export * from './flags';
export * from './season';
export * from './rules';
export * from './preview';
export * from './exif';
export * from './messages';
