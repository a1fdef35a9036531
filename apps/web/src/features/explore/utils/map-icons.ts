import L from 'leaflet';
import { clusterDiameter } from './map-geometry';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hidden = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap';

/**
 * A round cluster bubble showing `text` (the count), sized by `count`; `label` is what a screen
 * reader announces for it.
 */
export function clusterIcon(count: number, text: string, label: string): L.DivIcon {
  const d = clusterDiameter(count);
  const style = [
    `width:${d}px`,
    `height:${d}px`,
    'border-radius:50%',
    'display:grid',
    'place-items:center',
    'background:rgba(211,84,0,0.88)',
    'color:#fff',
    'font-weight:700',
    `font-size:${d > 44 ? 14 : 13}px`,
    'border:3px solid rgba(255,255,255,0.9)',
    'box-shadow:0 1px 4px rgba(0,0,0,0.35)',
    'box-sizing:border-box',
  ].join(';');
  return L.divIcon({
    className: 'mm-cluster',
    html: `<div style="${style}"><span aria-hidden="true">${escapeHtml(text)}</span><span style="${hidden}">${escapeHtml(label)}</span></div>`,
    iconSize: [d, d],
    iconAnchor: [d / 2, d / 2],
    popupAnchor: [0, -d / 2],
  });
}

/** A green square pin for one of my sites ("show my locations"), unlike the observation markers. */
export function mySiteIcon(label: string): L.DivIcon {
  const style =
    'width:22px;height:22px;background:#2e7d32;border:3px solid #fff;border-radius:50% 50% 50% 0;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,0.4);box-sizing:border-box';
  return L.divIcon({
    className: 'mm-my-site',
    html: `<div style="${style}"></div><span style="${hidden}">${escapeHtml(label)}</span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 26],
    popupAnchor: [0, -24],
  });
}
