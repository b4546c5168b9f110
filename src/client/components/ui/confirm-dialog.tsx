import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** What else the person must know before confirming (a warning, a count). */
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** Shown on the confirm button until the request is under way, when a spinner takes its place. */
  confirmIcon?: ReactNode;
  variant?: 'default' | 'destructive';
  isPending: boolean;
  /** Nothing to confirm yet (still counting, or nothing would change). */
  isConfirmDisabled?: boolean;
  onConfirm: () => void;
}

/**
 * Asks before something that cannot be undone (architecture §6). An alert dialog: it holds focus and stays
 * open while the request runs, so the answer is seen where the question was asked.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  confirmIcon,
  variant = 'default',
  isPending,
  isConfirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant={variant} onClick={onConfirm} disabled={isPending || isConfirmDisabled}>
            {isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : confirmIcon}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
