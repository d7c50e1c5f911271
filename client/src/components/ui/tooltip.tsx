import { Slot } from '@radix-ui/react-slot';
import {
  createContext,
  use,
  useEffect,
  useState,
  type ComponentProps,
  type Dispatch,
  type FocusEvent,
  type PointerEvent,
  type SetStateAction,
} from 'react';
import { cn } from '@/utils/cn';

type TooltipPrimitives = typeof import('@radix-ui/react-tooltip');

/** docs/product.md#constants: tooltips open after a short delay. */
const TOOLTIP_DELAY_MS = 700;

/*
 * The tooltip primitive brings the popper and floating-ui (about 18 KB gzip) into whichever chunk
 * imports it, and the header's theme toggle would put it in the first load of every page. A tooltip
 * opens only on a mouse hover or a keyboard focus, so the primitive loads on the first mouse move or
 * Tab press (a phone never downloads it, even while someone types on it). Until it arrives, or if it
 * never does, a trigger renders alone and the content not at all.
 */
let loadedPrimitives: TooltipPrimitives | undefined;
let loadingPrimitives: Promise<TooltipPrimitives> | undefined;

function useTooltipPrimitives(): TooltipPrimitives | undefined {
  const [primitives, setPrimitives] = useState(loadedPrimitives);
  useEffect(() => {
    if (primitives) return;
    let mounted = true;
    const stopListening = () => {
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('keydown', onKeyDown);
    };
    const load = () => {
      stopListening();
      loadingPrimitives ??= import('@radix-ui/react-tooltip');
      loadingPrimitives.then(
        (module) => {
          loadedPrimitives = module;
          if (mounted) setPrimitives(module);
        },
        () => {
          // Offline or a stale deploy: the page goes on without tooltips.
        },
      );
    };
    const onPointerMove = (event: globalThis.PointerEvent) => {
      if (event.pointerType !== 'touch') load();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') load();
    };
    window.addEventListener('pointermove', onPointerMove, { passive: true });
    window.addEventListener('keydown', onKeyDown);
    return () => {
      mounted = false;
      stopListening();
    };
  }, [primitives]);
  return primitives;
}

interface Engagement {
  hovered: boolean;
  focused: boolean;
}

const PrimitivesContext = createContext<TooltipPrimitives | undefined>(undefined);
/** Where a trigger rendered without the primitive reports whether it is hovered or focused. */
const EngagementContext = createContext<Dispatch<SetStateAction<Engagement>>>(() => {});

/**
 * One tooltip: its trigger and content. Each carries its own provider (one at the app's root would
 * remount the whole page when the primitive arrives), so moving from one tooltip's trigger to
 * another's waits the full delay again. When the primitive arrives the trigger is mounted afresh
 * inside it, so the switch waits until the trigger is neither hovered nor focused: a press in
 * progress or the focus is never lost to it.
 */
export function Tooltip({ children, ...props }: ComponentProps<TooltipPrimitives['Root']>) {
  const primitives = useTooltipPrimitives();
  const [engagement, setEngagement] = useState<Engagement>({ hovered: false, focused: false });
  const [switched, setSwitched] = useState(false);
  if (primitives && !switched && !engagement.hovered && !engagement.focused) setSwitched(true);

  if (!primitives || !switched)
    return <EngagementContext value={setEngagement}>{children}</EngagementContext>;
  return (
    <PrimitivesContext value={primitives}>
      <primitives.Provider delayDuration={TOOLTIP_DELAY_MS}>
        <primitives.Root {...props}>{children}</primitives.Root>
      </primitives.Provider>
    </PrimitivesContext>
  );
}

export function TooltipTrigger({ asChild, ...props }: ComponentProps<TooltipPrimitives['Trigger']>) {
  const primitives = use(PrimitivesContext);
  const setEngagement = use(EngagementContext);
  if (primitives) return <primitives.Trigger asChild={asChild} {...props} />;

  const tracked = {
    ...props,
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      props.onPointerEnter?.(event);
      setEngagement((engagement) => ({ ...engagement, hovered: true }));
    },
    onPointerLeave: (event: PointerEvent<HTMLButtonElement>) => {
      props.onPointerLeave?.(event);
      setEngagement((engagement) => ({ ...engagement, hovered: false }));
    },
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      props.onFocus?.(event);
      setEngagement((engagement) => ({ ...engagement, focused: true }));
    },
    onBlur: (event: FocusEvent<HTMLButtonElement>) => {
      props.onBlur?.(event);
      setEngagement((engagement) => ({ ...engagement, focused: false }));
    },
  };
  return asChild ? <Slot {...tracked} /> : <button type="button" {...tracked} />;
}

export function TooltipContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<TooltipPrimitives['Content']>) {
  const primitives = use(PrimitivesContext);
  if (!primitives) return null;
  return (
    <primitives.Portal>
      <primitives.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=closed]:animate-fade-out data-[state=delayed-open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </primitives.Portal>
  );
}
