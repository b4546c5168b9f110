import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

export interface ApplyNowButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Brings the application form into view (spec §1); the landing route wires it to the form. */
  onApply: () => void;
}

/** Spec §1 'Apply Now': the hero's and the pitch section's call to action. */
export function ApplyNowButton({ onApply, className, ...props }: ApplyNowButtonProps) {
  const { t } = useTranslation();
  return (
    <Button size="lg" className={cn('group h-12 px-7 text-base', className)} onClick={onApply} {...props}>
      {t('landing.applyNow')}
      <ArrowRightIcon
        className="size-5 transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
        aria-hidden="true"
      />
    </Button>
  );
}
