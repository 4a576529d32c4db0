// TrellisText: Unicode segmentation, widths, fonts and line layout.
