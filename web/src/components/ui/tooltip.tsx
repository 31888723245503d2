import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ComponentProps } from 'react';

/**
 * Mounted once in the app providers. Radix's defaults are the values PRODUCT.md section 9 states: open delay 700 ms,
 * skip delay 300 ms, so they are deliberately not overridden here.
 */
export function TooltipProvider(props: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider data-slot="tooltip-provider" {...props} />;
}
