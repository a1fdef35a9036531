import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';
import { yieldToMain } from '../../lib/main-thread';

/**
 * The app's own React binding of Leaflet: a map, its layers as components, and hooks to reach the map. It replaces
 * react-leaflet, whose licence (Hippocratic 2.1) is not open source; why, and what it costs, in
 * docs/adr/0029-licences-and-leaflet-without-react-leaflet.md. As with react-leaflet, a map's centre, zoom and
 * options are read when it is made; a layer's position, icon, style and handlers follow its props.
 */

const MapContext = createContext<L.Map | null>(null);
/** The layer a Popup or Tooltip binds to. */
const LayerContext = createContext<L.Layer | null>(null);

/**
 * `options` without its undefined entries: Leaflet copies every key it is given over its defaults, so an absent
 * prop passed on as `undefined` would turn off what is on by default (`keyboard`, `scrollWheelZoom`…).
 */
function defined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The Leaflet map of the enclosing LeafletMap; throws outside one. */
export function useLeafletMap(): L.Map {
  const map = useContext(MapContext);
  if (!map) throw new Error('useLeafletMap is used outside a LeafletMap');
  return map;
}

/** Leaflet events of the map (`{ click: (e) => …, moveend: … }`), always the latest handlers; returns the map. */
export function useMapEvents(handlers: L.LeafletEventHandlerFnMap): L.Map {
  const map = useLeafletMap();
  useLayerEvents(map, handlers);
  return map;
}

/** Binds `handlers` to `target`'s events; the latest handlers answer, without re-binding on each render. */
function useLayerEvents(target: L.Evented, handlers: L.LeafletEventHandlerFnMap | undefined) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = Object.keys(handlers ?? {}).join(' ');
  useEffect(() => {
    if (!names) return;
    const forward = (e: L.LeafletEvent) => {
      const handler = latest.current?.[e.type as keyof L.LeafletEventHandlerFnMap] as
        L.LeafletEventHandlerFn | undefined;
      handler?.(e);
    };
    target.on(names, forward);
    return () => {
      target.off(names, forward);
    };
  }, [target, names]);
}

interface LeafletMapProps extends L.MapOptions {
  center: L.LatLngExpression;
  zoom: number;
  /** Receives the map once it is made (null once removed). */
  mapRef?: Ref<L.Map | null>;
  /**
   * A map made before (with its own centre, zoom and options), taken over instead of making one: its
   * container is moved into this one's box, its view kept (Explore's map drawn before the app, ADR 0042).
   */
  adopt?: { map: L.Map; container: HTMLElement };
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * A Leaflet map filling `style`'s box, made in the task after its element is attached and removed when it is
 * detached; its children (layers, hooks) render once the map exists.
 * Made in the commit that attaches the element, the map (its panes, controls, first layout) and its children's
 * render, which React then does at once, would lengthen that commit, a whole form's (≈ 30 ms of a laptop's
 * main thread on the Flash form): the map is made in a task of its own, its children rendered in a
 * transition (docs/adr/0043).
 */
export function LeafletMap({ center, zoom, mapRef, adopt, style, children, ...options }: LeafletMapProps) {
  const [map, setMap] = useState<L.Map | null>(null);
  const initial = useRef({ center, zoom, options, adopt });
  const attach = useCallback((node: HTMLDivElement) => {
    const { center: c, zoom: z, options: o, adopt: earlier } = initial.current;
    // Taken over once: a second attach (StrictMode's, in development) makes a map of its own.
    initial.current.adopt = undefined;
    let made: L.Map | undefined;
    let attached = true;
    if (earlier) {
      // The page's map, drawn before the app (docs/adr/0042): moved into this box at once, so that it never
      // leaves the page and a drag goes on.
      node.append(earlier.container);
      made = earlier.map.invalidateSize();
      setMap(made);
    } else {
      void yieldToMain().then(() => {
        if (!attached) return;
        const m = L.map(node, { ...defined(o), center: c, zoom: z });
        made = m;
        startTransition(() => setMap(m));
      });
    }
    return () => {
      attached = false;
      made?.remove();
      setMap(null);
    };
  }, []);
  useImperativeHandle(mapRef, () => map as L.Map, [map]);
  return (
    <div ref={attach} style={style}>
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </div>
  );
}

/** Adds `layer` to the map while mounted; its children (Popup, Tooltip) bind to it. */
function OnMap({ layer, children }: { layer: L.Layer; children?: ReactNode }) {
  const map = useLeafletMap();
  useEffect(() => {
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, layer]);
  return <LayerContext.Provider value={layer}>{children}</LayerContext.Provider>;
}

/** Tiles from `url` (a Leaflet URL template such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`). */
export function TileLayer({ url, attribution }: { url: string; attribution: string }) {
  const map = useLeafletMap();
  useEffect(() => {
    const tiles = L.tileLayer(url, { attribution }).addTo(map);
    return () => void tiles.remove();
  }, [map, url, attribution]);
  return null;
}

interface MarkerProps extends Omit<L.MarkerOptions, 'draggable' | 'icon'> {
  position: L.LatLngTuple;
  icon: L.Icon | L.DivIcon;
  draggable?: boolean;
  eventHandlers?: L.LeafletEventHandlerFnMap;
  children?: ReactNode;
}

/** A marker at `position` (WGS84 degrees); `icon`, `draggable`, `zIndexOffset` and the handlers follow their props. */
export function Marker({
  position,
  icon,
  draggable = false,
  eventHandlers,
  zIndexOffset,
  children,
  ...options
}: MarkerProps) {
  const [marker] = useState(() => L.marker(position, defined({ ...options, icon, draggable, zIndexOffset })));
  const [lat, lng] = position;
  useEffect(() => void marker.setLatLng([lat, lng]), [marker, lat, lng]);
  useEffect(() => void marker.setIcon(icon), [marker, icon]);
  useEffect(() => void marker.setZIndexOffset(zIndexOffset ?? 0), [marker, zIndexOffset]);
  // Leaflet gives a marker its `dragging` when it is added to the map, which OnMap (a child) has done by now.
  useEffect(() => {
    if (draggable) marker.dragging?.enable();
    else marker.dragging?.disable();
  }, [marker, draggable]);
  useLayerEvents(marker, eventHandlers);
  return <OnMap layer={marker}>{children}</OnMap>;
}

interface PathProps {
  pathOptions: L.PathOptions;
  eventHandlers?: L.LeafletEventHandlerFnMap;
  children?: ReactNode;
}

/** A circle of `radius` pixels at `center`, whatever the zoom. */
export function CircleMarker({
  center,
  radius,
  bubblingMouseEvents,
  pathOptions,
  eventHandlers,
  children,
}: PathProps & { center: L.LatLngTuple; radius: number; bubblingMouseEvents?: boolean }) {
  const [circle] = useState(() => L.circleMarker(center, defined({ ...pathOptions, radius, bubblingMouseEvents })));
  const [lat, lng] = center;
  useEffect(() => void circle.setLatLng([lat, lng]).setRadius(radius), [circle, lat, lng, radius]);
  useEffect(() => void circle.setStyle(pathOptions), [circle, pathOptions]);
  useLayerEvents(circle, eventHandlers);
  return <OnMap layer={circle}>{children}</OnMap>;
}

/** A rectangle over `bounds` ([[south, west], [north, east]], degrees); `className` is read when it is made. */
export function Rectangle({
  bounds,
  className,
  pathOptions,
  eventHandlers,
  children,
}: PathProps & { bounds: [[number, number], [number, number]]; className?: string }) {
  const [rectangle] = useState(() => L.rectangle(bounds, defined({ ...pathOptions, className })));
  const [[south, west], [north, east]] = bounds;
  useEffect(
    () => void rectangle.setBounds(L.latLngBounds([south, west], [north, east])),
    [rectangle, south, west, north, east],
  );
  useEffect(() => void rectangle.setStyle(pathOptions), [rectangle, pathOptions]);
  useLayerEvents(rectangle, eventHandlers);
  return <OnMap layer={rectangle}>{children}</OnMap>;
}

/**
 * A popup or tooltip of the enclosing layer whose React children render into Leaflet's box while it is open, so
 * that what they load is asked for when it opens; Leaflet lays the box out again once they have rendered.
 */
function useOverlay<T extends L.Popup | L.Tooltip>(make: () => T, bind: (layer: L.Layer, overlay: T) => () => void) {
  const layer = useContext(LayerContext);
  if (!layer) throw new Error('a Popup or Tooltip must be the child of a map layer');
  const [{ overlay, box }] = useState(() => {
    const div = document.createElement('div');
    const made = make();
    made.setContent(div);
    return { overlay: made, box: div };
  });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const unbind = bind(layer, overlay);
    const opened = (e: L.LeafletEvent) => e.target === layer && setOpen(true);
    const closed = (e: L.LeafletEvent) => e.target === layer && setOpen(false);
    const [onOpen, onClose] =
      overlay instanceof L.Popup ? ['popupopen', 'popupclose'] : ['tooltipopen', 'tooltipclose'];
    layer.on(onOpen, opened).on(onClose, closed);
    return () => {
      layer.off(onOpen, opened).off(onClose, closed);
      unbind();
    };
  }, [layer, overlay, bind]);
  return { overlay, box, open };
}

const bindPopup = (layer: L.Layer, popup: L.Popup) => {
  layer.bindPopup(popup);
  return () => void layer.unbindPopup();
};
const bindTooltip = (layer: L.Layer, tooltip: L.Tooltip) => {
  layer.bindTooltip(tooltip);
  return () => void layer.unbindTooltip();
};

/** The popup of the enclosing marker or shape, opened by a click on it; `ref` receives Leaflet's popup (`update()`). */
export function Popup({ children, ref, ...options }: L.PopupOptions & { children: ReactNode; ref?: Ref<L.Popup> }) {
  const { overlay, box, open } = useOverlay(() => L.popup(defined(options)), bindPopup);
  useImperativeHandle(ref, () => overlay, [overlay]);
  useEffect(() => {
    if (open) overlay.update();
  }, [overlay, open, children]);
  return open ? createPortal(children, box) : null;
}

/** The tooltip of the enclosing marker or shape, shown on hover (a tap on a touch screen). */
export function Tooltip({ children }: { children: ReactNode }) {
  const { overlay, box, open } = useOverlay(() => L.tooltip(), bindTooltip);
  useEffect(() => {
    if (open) overlay.update();
  }, [overlay, open, children]);
  return open ? createPortal(children, box) : null;
}
