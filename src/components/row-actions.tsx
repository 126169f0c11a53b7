import { Button } from '@chakra-ui/react';

/**
 * The Edit and Delete buttons of a table row (products, orders, users). Each carries an
 * accessible name that says which row it acts on, since every row shows the same two words.
 */
export function EditDeleteButtons(props: {
  editText: string;
  editLabel: string;
  onEdit: () => void;
  deleteText: string;
  deleteLabel: string;
  onDelete: () => void;
  deleteDisabled?: boolean;
  deleteTitle?: string;
}) {
  return (
    <>
      <Button size="xs" colorPalette="blue" aria-label={props.editLabel} onClick={props.onEdit}>
        {props.editText}
      </Button>
      <Button
        size="xs"
        colorPalette="red"
        aria-label={props.deleteLabel}
        title={props.deleteTitle}
        disabled={props.deleteDisabled}
        onClick={props.onDelete}
      >
        {props.deleteText}
      </Button>
    </>
  );
}
