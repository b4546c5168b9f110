import { ArrowRightIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { type ButtonVariant, buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';

/** Where Apply Now leads and what it does there: the landing route wires both to the form (product §1). */
export interface ApplyTarget {
  /** The form's in-page address, e.g. #apply: followed as a plain link until the page's script runs. */
  href: string;
  /** Brings the form into view. */
  onApply: () => void;
}

export interface ApplyNowButtonProps {
  apply: ApplyTarget;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * Product §1 'Apply Now': the hero's and the pitch section's call to action. A link to #apply that looks like a
 * button: it takes the visitor to the form even before the page's script has run, and once it has, the
 * script also brings the form's code and moves focus to it.
 */
export function ApplyNowButton({ apply, variant, className }: ApplyNowButtonProps) {
  const { t } = useTranslation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    apply.onApply();
  };
  return (
    <a
      href={apply.href}
      className={buttonVariants({ variant, size: 'cta', className: cn('group', className) })}
      onClick={onClick}
    >
      {t('landing.applyNow')}
      <ArrowRightIcon
        className="size-5 transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
        aria-hidden="true"
      />
    </a>
  );
}
