import { type ReactNode, useState } from 'react';
import { cn } from '#client/lib/cn.ts';

export interface FileDropZoneProps {
  /** The id of the (visually hidden) file input this zone labels: clicking it opens the file picker. */
  htmlFor: string;
  isDisabled: boolean;
  /** Receives the dropped files; not called while disabled. */
  onDrop: (files: FileList) => void;
  className: string;
  children: ReactNode;
}

/** A file input's visible label that also takes files dragged onto it, highlighted while they hover. */
export function FileDropZone({ htmlFor, isDisabled, onDrop, className, children }: FileDropZoneProps) {
  const [isDragging, setDragging] = useState(false);
  return (
    <label
      htmlFor={htmlFor}
      onDragOver={(event) => {
        event.preventDefault();
        if (!isDisabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!isDisabled) onDrop(event.dataTransfer.files);
      }}
      className={cn(className, isDragging && 'border-primary bg-secondary')}
    >
      {children}
    </label>
  );
}
