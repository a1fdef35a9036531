/** Room (px) of the weekly chart's plot on screen; kept while its code loads, so nothing moves (CLS). */
export const SEASON_CHART_HEIGHT_PX = 240;
