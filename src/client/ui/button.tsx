import { cloneElement, isValidElement, type ButtonHTMLAttributes, type ReactElement } from 'react';
import { cn } from './cn';

const VARIANTS = {
  primary: 'bg-brand-800 text-white hover:bg-brand-900 disabled:bg-stone-400',
  secondary: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-400',
  ghost: 'text-stone-800 hover:bg-stone-100 disabled:opacity-40',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400',
  light: 'bg-white text-brand-900 hover:bg-brand-50',
} as const;
const SIZES = { md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base', sm: 'h-8 px-3 text-sm' } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Renders the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild, className, type, children, ...props }: ButtonProps) {
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
  // asChild: the one child (a router Link, say) keeps its element and gets the button's look, as a slot would.
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, className: cn(classes, child.props.className) });
  }
  return (
    <button type={type ?? 'button'} className={classes} {...props}>
      {children}
    </button>
  );
}
