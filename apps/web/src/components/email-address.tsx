import { Text, type TextProps } from '@mantine/core';
import type { CSSProperties } from 'react';

/** An address cut before its '@' and each dot: 'dealer@example.com' → dealer, @example, .com. */
export const emailParts = (email: string) => email.split(/(?=[@.])/);

// a part never breaks inside; one too long for the column ends in an ellipsis
const partStyle: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

/**
 * An e-mail address that wraps only before its '@' or a dot, never mid-word (issue 33); a part
 * wider than the column is cut with an ellipsis, and the whole address is its title on hover.
 * Copying the text still gives the whole address.
 */
export const EmailAddress = ({ email, ...props }: { email: string } & TextProps) => {
  let offset = 0;
  return (
    <Text {...props} title={email} style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      {emailParts(email).map((part) => {
        const key = offset;
        offset += part.length;
        return (
          <span key={key} style={partStyle}>
            {part}
          </span>
        );
      })}
    </Text>
  );
};
