/**
 * Room (px) the per-week chart takes once drawn: its 260 px plot and the legend above it. The page keeps
 * it while the chart's code loads, so nothing moves when the chart arrives (CLS).
 */
export const WEEK_CHART_ROOM_PX = 300;
