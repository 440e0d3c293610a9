import { Anchor, type AnchorProps, Button, type ButtonProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import { type ComponentPropsWithoutRef, forwardRef } from "react";

/** Mantine's Anchor and Button as typed router links (to + params are checked against the route tree). */
const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & ComponentPropsWithoutRef<"a">>(
  function MantineAnchor(props, ref) {
    return <Anchor component="a" ref={ref} {...props} />;
  },
);

const MantineButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & ComponentPropsWithoutRef<"a">>(
  function MantineButtonAnchor(props, ref) {
    return <Button component="a" ref={ref} {...props} />;
  },
);

export const AnchorLink = createLink(MantineAnchor);
export const ButtonLink = createLink(MantineButtonAnchor);
